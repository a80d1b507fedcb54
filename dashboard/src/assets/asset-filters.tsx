import { ASSET_TYPES } from '../../../src/assets/asset-types.js';
import { assetTypeLabel } from './asset-labels';
import type { AssetQuery } from './api';

export interface AssetFilters {
  type: string;
  conversationId: string;
  runId: string;
  /** Local days (yyyy-mm-dd), as the date inputs give them. */
  from: string;
  to: string;
}
export const NO_FILTERS: AssetFilters = { type: '', conversationId: '', runId: '', from: '', to: '' };

/** Links from elsewhere (a run, a conversation) open the gallery filtered: `?runId=` etc. */
export function filtersFromUrl(): AssetFilters {
  const params = new URLSearchParams(window.location.search);
  return { ...NO_FILTERS, type: params.get('type') ?? '', conversationId: params.get('conversationId') ?? '', runId: params.get('runId') ?? '' };
}

/** The query of `GET /api/assets` for the filters: dates are picked as local days, the API takes instants. */
export function assetQuery(filters: AssetFilters): AssetQuery {
  return {
    ...filters,
    // As the link or the select gives it: the API refuses an unknown type with a 400 the page shows.
    type: filters.type as AssetQuery['type'],
    runId: filters.runId ? Number(filters.runId) : undefined,
    from: filters.from ? new Date(`${filters.from}T00:00:00`).toISOString() : undefined,
    // `to` covers its whole day.
    to: filters.to ? new Date(`${filters.to}T23:59:59.999`).toISOString() : undefined,
  };
}

interface AssetFiltersFormProps {
  filters: AssetFilters;
  onChange: (name: keyof AssetFilters, value: string) => void;
  onClear: () => void;
}

export function AssetFiltersForm({ filters, onChange, onClear }: AssetFiltersFormProps) {
  return (
    <form className="filters row asset-filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <label>
        Type
        <select value={filters.type} onChange={(event) => onChange('type', event.target.value)}>
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
        <input value={filters.conversationId} onChange={(event) => onChange('conversationId', event.target.value.trim())} placeholder="any" />
      </label>
      <label>
        Run id
        <input value={filters.runId} inputMode="numeric" onChange={(event) => onChange('runId', event.target.value.trim())} placeholder="any" />
      </label>
      <label>
        From
        <input type="date" value={filters.from} onChange={(event) => onChange('from', event.target.value)} />
      </label>
      <label>
        To
        <input type="date" value={filters.to} onChange={(event) => onChange('to', event.target.value)} />
      </label>
      <button type="button" className="link-button" onClick={onClear}>
        Clear filters
      </button>
    </form>
  );
}
