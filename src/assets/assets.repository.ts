import { Injectable } from '@nestjs/common';
import { PreparedQueries } from '../database/prepared-queries.js';
import type { AssetResponse } from './asset.response.js';
import type { AssetReader } from './assets.service.js';
import type { AssetType } from './asset-types.js';
import type { RejectedFilter } from './dto/list-assets.query.dto.js';

export interface AssetFilters {
  conversationId?: string;
  runId?: number;
  type?: AssetType;
  from?: Date;
  to?: Date;
  /** Rejected assets (a rejected step's): listed with the others (the spec's listing), left out, or listed alone. */
  rejected: RejectedFilter;
  /** Words the title or text holds (websearch_to_tsquery), through the assets_search index. */
  q?: string;
  limit: number;
  offset: number;
}

/** A statement and its parameters, as `pg` takes them (run prepared, named by `statementName`). */
export interface ListingStatement {
  text: string;
  values: unknown[];
}

/**
 * The asset listing, the service's hottest read: one SQL statement shaped to the indexes of
 * the assets table whose rows are already the response (keys, and createdAt as JavaScript's
 * ISO format, truncated to milliseconds as a Date would be): no entities, no mapping, no date
 * parsing.
 */
@Injectable()
export class AssetsRepository {
  constructor(private readonly prepared: PreparedQueries) {}

  list(reader: AssetReader, filters: AssetFilters): Promise<AssetResponse[]> {
    const { text, values } = assetListingStatement(reader, filters);
    return this.prepared.query<AssetResponse>(text, values);
  }
}

/** What an asset search reads: the expression of the assets_search index (migration 1767600000200), word for word. */
export const ASSET_SEARCH_DOCUMENT = `to_tsvector('english', title || ' ' || left(content, 100000))`;

/**
 * The listing's statement for a page of the team's assets and the reader's private ones (exported
 * for bench:assets' bare handler).
 */
export function assetListingStatement({ teamId, userId }: AssetReader, filters: AssetFilters): ListingStatement {
  const values: unknown[] = [teamId, userId];
  const where = ['team_id = $1', '(private_to IS NULL OR private_to = $2)'];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replace('?', `$${values.length}`));
  };
  if (filters.conversationId) add('conversation_id = ?', filters.conversationId);
  if (filters.runId !== undefined) add('run_id = ?', filters.runId);
  if (filters.type) add('type = ?', filters.type);
  if (filters.from) add('created_at > ?', filters.from);
  if (filters.to) add('created_at < ?', filters.to);
  if (filters.rejected === 'exclude') where.push('rejected_at IS NULL');
  if (filters.rejected === 'only') where.push('rejected_at IS NOT NULL');
  if (filters.q) add(`${ASSET_SEARCH_DOCUMENT} @@ websearch_to_tsquery('english', ?)`, filters.q);
  values.push(filters.limit, filters.offset);
  return {
    text: `SELECT id, team_id AS "teamId", conversation_id AS "conversationId", run_id AS "runId", type, title, content, metadata,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
              to_char(rejected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "rejectedAt"
         FROM assets WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC
        LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
  };
}
