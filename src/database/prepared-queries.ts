import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * Runs the statements of the hot paths (a chat turn's rows, the asset listing) as named prepared
 * statements on TypeORM's own pool: PostgreSQL parses and plans each once per connection instead
 * of on every call, which on a machine it shares with the app is CPU the app gets back. A
 * statement's name is derived from its text, so each distinct text (a query built from filters
 * has a few) is prepared on its own. Errors are wrapped as `DataSource.query` wraps them, so
 * callers and the error handling see one shape.
 */
@Injectable()
export class PreparedQueries {
  private readonly pool: pg.Pool;

  constructor(dataSource: DataSource) {
    this.pool = (dataSource.driver as PostgresDriver).master as pg.Pool;
  }

  async query<Row>(text: string, values: unknown[]): Promise<Row[]> {
    try {
      const result = await this.pool.query<Row & pg.QueryResultRow>({ name: statementName(text), text, values });
      return result.rows;
    } catch (error) {
      throw new QueryFailedError(text, values, error as Error);
    }
  }
}

const names = new Map<string, string>();

/** The prepared statement name of a statement's text (exported so benchmarks prepare theirs alike). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `hot_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return name;
}
