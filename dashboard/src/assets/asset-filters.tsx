import { ASSET_TYPES } from '../../../src/assets/asset-types.js';
import { ConversationPicker, RunPicker } from './asset-filter-pickers';
import { assetTypeLabel } from './asset-labels';
import type { AssetQuery } from './api';

export interface AssetFilters {
  /** Words of the title or text (the API's full-text search). */
  q: string;
  type: string;
  conversationId: string;
  /** The workflow whose runs the run picker offers; the API filters by the run alone. */
  workflowId: string;
  runId: string;
  /** Local days (yyyy-mm-dd), as the date inputs give them. */
  from: string;
  to: string;
}
const FILTER_NAMES = ['q', 'type', 'conversationId', 'workflowId', 'runId', 'from', 'to'] as const satisfies readonly (keyof AssetFilters)[];
export const NO_FILTERS: AssetFilters = { q: '', type: '', conversationId: '', workflowId: '', runId: '', from: '', to: '' };

/** The filters a gallery URL's query holds (`?runId=…&type=…`): a filtered view is a link. */
export function filtersFromSearch(search: string): AssetFilters {
  const params = new URLSearchParams(search);
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? ''])) as unknown as AssetFilters;
}

/** The URL query of the filters, without the blank ones ('' when none is set). */
export function searchOfFilters(filters: AssetFilters): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]);
  return params.toString();
}

/**
 * The query of `GET /api/assets` for the filters: dates are picked as local days, the API takes
 * instants; the workflow only narrows the run picker (the API filters by the run).
 */
export function assetQuery(filters: AssetFilters): AssetQuery {
  return {
    // Blank words search nothing (the API refuses an empty `q`).
    q: filters.q.trim() || undefined,
    conversationId: filters.conversationId,
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
  onChange: (changed: Partial<AssetFilters>) => void;
  onClear: () => void;
}

export function AssetFiltersForm({ filters, onChange, onClear }: AssetFiltersFormProps) {
  return (
    <form className="filters row asset-filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <label>
        Search
        <input type="search" placeholder="Words in a title or text" maxLength={200} value={filters.q} onChange={(event) => onChange({ q: event.target.value })} />
      </label>
      <label>
        Type
        <select value={filters.type} onChange={(event) => onChange({ type: event.target.value })}>
          <option value="">All types</option>
          {ASSET_TYPES.map((type) => (
            <option key={type} value={type}>
              {assetTypeLabel(type)}
            </option>
          ))}
        </select>
      </label>
      <ConversationPicker conversationId={filters.conversationId} onChange={(conversationId) => onChange({ conversationId })} />
      <RunPicker workflowId={filters.workflowId} runId={filters.runId} onChange={(workflowId, runId) => onChange({ workflowId, runId })} />
      <label>
        From
        <input type="date" value={filters.from} onChange={(event) => onChange({ from: event.target.value })} />
      </label>
      <label>
        To
        <input type="date" value={filters.to} onChange={(event) => onChange({ to: event.target.value })} />
      </label>
      <button type="button" className="link-button" onClick={onClear}>
        Clear filters
      </button>
    </form>
  );
}
