import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AssetType } from '../../src/assets/asset-types.js';

export interface AssetRow {
  teamId: string;
  type?: AssetType;
  conversationId?: string | null;
  runId?: number | null;
  title?: string;
  createdAt?: Date;
}

/** Inserts assets directly (defaults plus overrides), for listing tests that need many or dated rows. */
export async function insertAssets(app: INestApplication, rows: AssetRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const values = rows.map((row, index) => [
    row.teamId,
    row.conversationId ?? null,
    row.runId ?? null,
    row.type ?? 'social_post',
    row.title ?? `Asset ${index}`,
    'Some **Markdown**',
    JSON.stringify({ platform: 'linkedin' }),
    (row.createdAt ?? new Date()).toISOString(),
  ]);
  const placeholders = values.map((_, i) => `($${i * 8 + 1}, $${i * 8 + 2}, $${i * 8 + 3}, $${i * 8 + 4}, $${i * 8 + 5}, $${i * 8 + 6}, $${i * 8 + 7}, $${i * 8 + 8})`);
  const inserted: { id: number }[] = await app.get(DataSource).query(
    `INSERT INTO assets (team_id, conversation_id, run_id, type, title, content, metadata, created_at)
     VALUES ${placeholders.join(', ')} RETURNING id`,
    values.flat(),
  );
  return inserted.map((row) => row.id);
}
