import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AssetType } from '../../src/assets/asset-types.js';

export interface AssetRow {
  teamId: string;
  type?: AssetType;
  conversationId?: string | null;
  runId?: number | null;
  title?: string;
  content?: string;
  /** The member whose private chat made it (null: the team's). */
  privateTo?: string | null;
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
    row.content ?? 'Some **Markdown**',
    JSON.stringify({ platform: 'linkedin' }),
    (row.createdAt ?? new Date()).toISOString(),
    row.privateTo ?? null,
  ]);
  const columns = values[0].length;
  const placeholders = values.map((_, i) => `(${Array.from({ length: columns }, (__, j) => `$${i * columns + j + 1}`).join(', ')})`);
  const inserted: { id: number }[] = await app.get(DataSource).query(
    `INSERT INTO assets (team_id, conversation_id, run_id, type, title, content, metadata, created_at, private_to)
     VALUES ${placeholders.join(', ')} RETURNING id`,
    values.flat(),
  );
  return inserted.map((row) => row.id);
}
