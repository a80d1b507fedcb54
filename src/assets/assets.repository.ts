import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AssetResponse } from './asset.response.js';
import type { AssetType } from './asset-types.js';

export interface AssetFilters {
  conversationId?: string;
  runId?: number;
  type?: AssetType;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

interface AssetRow {
  id: number;
  team_id: string;
  conversation_id: string | null;
  run_id: number | null;
  type: AssetType;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
  created_at: Date;
}

/**
 * The asset listing, the service's hottest read: one SQL statement shaped to the indexes of
 * the assets table, mapped straight to the response without building entities.
 */
@Injectable()
export class AssetsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(teamId: string, filters: AssetFilters): Promise<AssetResponse[]> {
    const params: unknown[] = [teamId];
    const where = ['team_id = $1'];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filters.conversationId) add('conversation_id = ?', filters.conversationId);
    if (filters.runId !== undefined) add('run_id = ?', filters.runId);
    if (filters.type) add('type = ?', filters.type);
    if (filters.from) add('created_at > ?', filters.from);
    if (filters.to) add('created_at < ?', filters.to);
    params.push(filters.limit, filters.offset);
    const rows = await this.dataSource.query<AssetRow[]>(
      `SELECT id, team_id, conversation_id, run_id, type, title, content, metadata, created_at
         FROM assets WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      teamId: row.team_id,
      conversationId: row.conversation_id,
      runId: row.run_id,
      type: row.type,
      title: row.title,
      content: row.content,
      metadata: row.metadata,
      createdAt: row.created_at.toISOString(),
    }));
  }
}
