import { useMemo, useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { useApi } from '../api/use-api';
import { listAssets } from '../assets/api';
import { AssetCard } from '../assets/asset-card';
import { type AssetFilters, AssetFiltersForm, assetQuery, filtersFromSearch, NO_FILTERS, searchOfFilters } from '../assets/asset-filters';
import { assetPath, galleryPath, openedFromGallery, openedFromGalleryState } from '../assets/asset-paths';
import { LinkedAssetViewer } from '../assets/linked-asset-viewer';
import { ErrorMessage } from '../components/error-message';
import { usePageTitle } from '../hooks/use-page-title';

const PAGE_SIZE = 24;

/**
 * `/assets[/:assetId]`: the team's assets, newest first, with the filters of `GET /api/assets`
 * (kept in the URL query) and pages of 24; with an asset's id, its viewer open over them.
 */
export function AssetsPage() {
  usePageTitle('Assets');
  const { assetId } = useParams<{ assetId?: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  // Other filters start at the first page.
  const [paged, setPaged] = useState({ search, page: 0 });
  const page = paged.search === search ? paged.page : 0;
  const assets = useApi(() => listAssets({ ...assetQuery(filters), limit: PAGE_SIZE, offset: page * PAGE_SIZE }), [filters, page]);

  // A filter replaces the history entry: Back leaves the gallery rather than undoing each pick.
  function showFiltered(next: AssetFilters) {
    navigate(galleryPath(searchOfFilters(next)), { replace: true });
  }

  function closeViewer() {
    if (openedFromGallery()) window.history.back();
    else navigate(galleryPath(search), { replace: true });
  }

  return (
    <div className="stack">
      <h1>Assets</h1>
      <AssetFiltersForm filters={filters} onChange={(changed) => showFiltered({ ...filters, ...changed })} onClear={() => showFiltered(NO_FILTERS)} />
      <ErrorMessage error={assets.error} />
      {assets.data?.length === 0 && <p className="muted">No assets match.</p>}
      <div className="gallery">
        {assets.data?.map((asset) => (
          <AssetCard key={asset.id} asset={asset} open={{ href: assetPath(asset.id, search), state: openedFromGalleryState }} />
        ))}
      </div>
      <nav className="row pagination" aria-label="Pages">
        <button type="button" disabled={page === 0} onClick={() => setPaged({ search, page: page - 1 })}>
          Previous
        </button>
        <span>Page {page + 1}</span>
        <button type="button" disabled={(assets.data?.length ?? 0) < PAGE_SIZE} onClick={() => setPaged({ search, page: page + 1 })}>
          Next
        </button>
      </nav>
      {assetId !== undefined && <LinkedAssetViewer key={assetId} id={assetId} listed={assets.data} onClose={closeViewer} />}
    </div>
  );
}
