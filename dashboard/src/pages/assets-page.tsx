import { useState } from 'react';
import { useApi } from '../api/use-api';
import { listAssets } from '../assets/api';
import { AssetCard } from '../assets/asset-card';
import { type AssetFilters, AssetFiltersForm, assetQuery, filtersFromUrl, NO_FILTERS } from '../assets/asset-filters';
import { ErrorMessage } from '../components/error-message';
import { usePageTitle } from '../hooks/use-page-title';

const PAGE_SIZE = 24;

/** The team's assets, newest first, with the filters of `GET /api/assets` and pages of 24. */
export function AssetsPage() {
  usePageTitle('Assets');
  const [filters, setFilters] = useState<AssetFilters>(() => filtersFromUrl());
  const [page, setPage] = useState(0);
  const assets = useApi(() => listAssets({ ...assetQuery(filters), limit: PAGE_SIZE, offset: page * PAGE_SIZE }), [filters, page]);

  function change(name: keyof AssetFilters, value: string) {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(0);
  }

  return (
    <div className="stack">
      <h1>Assets</h1>
      <AssetFiltersForm
        filters={filters}
        onChange={change}
        onClear={() => {
          setFilters(NO_FILTERS);
          setPage(0);
        }}
      />
      <ErrorMessage error={assets.error} />
      {assets.data?.length === 0 && <p className="muted">No assets match.</p>}
      <div className="gallery">
        {assets.data?.map((asset) => (
          <AssetCard key={asset.id} asset={asset} />
        ))}
      </div>
      <nav className="row pagination" aria-label="Pages">
        <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span>Page {page + 1}</span>
        <button type="button" disabled={(assets.data?.length ?? 0) < PAGE_SIZE} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </nav>
    </div>
  );
}
