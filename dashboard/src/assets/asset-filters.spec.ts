import { describe, expect, it } from 'vitest';
import { assetQuery, filtersFromSearch, NO_FILTERS, searchOfFilters } from './asset-filters';

describe('asset filters in the URL query', () => {
  it('reads each filter from the query and writes back only the set ones', () => {
    const filters = filtersFromSearch('conversationId=c-1&workflowId=w-1&runId=7&type=image&q=red+bicycle&other=x');
    expect(filters).toEqual({ ...NO_FILTERS, q: 'red bicycle', conversationId: 'c-1', workflowId: 'w-1', runId: '7', type: 'image' });
    expect(searchOfFilters(filters)).toBe('q=red+bicycle&type=image&conversationId=c-1&workflowId=w-1&runId=7');
    expect(searchOfFilters(NO_FILTERS)).toBe('');
    expect(filtersFromSearch('')).toEqual(NO_FILTERS);
  });

  it('asks the API by run, not by the workflow that only narrows the run picker', () => {
    const query = assetQuery({ ...NO_FILTERS, workflowId: 'w-1', runId: '7' });
    expect(query).not.toHaveProperty('workflowId');
    expect(query.runId).toBe(7);
  });

  it('asks for words only when there are some', () => {
    expect(assetQuery({ ...NO_FILTERS, q: '  lighthouse ' }).q).toBe('lighthouse');
    expect(assetQuery({ ...NO_FILTERS, q: '   ' }).q).toBeUndefined();
  });
});
