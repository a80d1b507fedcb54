import { ASSET_TYPES } from '../../../src/assets/asset-types.js';
import { useState } from 'react';
import type { AssetResponse } from '../api/types';
import { withQuery } from '../api/client';
import { useApi } from '../api/use-api';
import { AssetCard, assetTypeLabel } from '../components/asset-card';
import { ErrorMessage } from '../components/error-message';

const PAGE_SIZE = 24;

interface Filters {
  type: string;
  conversationId: string;
  runId: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { type: '', conversationId: '', runId: '', from: '', to: '' };

/** The team's assets, newest first, with the filters of `GET /api/assets` and pages of 24. */
export function AssetsPage() {
  const [filters, setFilters] = useState<Filters>(() => filtersFromUrl());
  const [page, setPage] = useState(0);
  const query = {
    ...filters,
    // Dates are picked as local days; the API takes instants. `to` covers its whole day.
    from: filters.from ? new Date(`${filters.from}T00:00:00`).toISOString() : undefined,
    to: filters.to ? new Date(`${filters.to}T23:59:59.999`).toISOString() : undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  };
  const assets = useApi<AssetResponse[]>(withQuery('/assets', query));

  function change(name: keyof Filters, value: string) {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(0);
  }

  return (
    <div className="stack">
      <h1>Assets</h1>
      <form className="filters row" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Type
          <select value={filters.type} onChange={(event) => change('type', event.target.value)}>
            <option value="">All types</option>
            {ASSET_TYPES.map((type) => (
              <option key={type} value={type}>
                {assetTypeLabel(type)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Conversation id
          <input value={filters.conversationId} onChange={(event) => change('conversationId', event.target.value.trim())} placeholder="any" />
        </label>
        <label>
          Run id
          <input value={filters.runId} inputMode="numeric" onChange={(event) => change('runId', event.target.value.trim())} placeholder="any" />
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={(event) => change('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(event) => change('to', event.target.value)} />
        </label>
        <button type="button" className="link-button" onClick={() => setFilters(NO_FILTERS)}>
          Clear filters
        </button>
      </form>
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

/** Links from elsewhere (a run, a conversation) open the gallery filtered: `?runId=` etc. */
function filtersFromUrl(): Filters {
  const params = new URLSearchParams(window.location.search);
  return {
    ...NO_FILTERS,
    type: params.get('type') ?? '',
    conversationId: params.get('conversationId') ?? '',
    runId: params.get('runId') ?? '',
  };
}
