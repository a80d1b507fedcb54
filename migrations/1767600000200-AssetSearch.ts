import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AssetSearch1767600000200 implements MigrationInterface {
  name = 'AssetSearch1767600000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Full-text search over assets' titles and text (GET /api/assets?q=, issue 35 item 3). An index on
    // the expression, not a stored tsvector column: the listing's rows stay as narrow as they were, so
    // a page without `q` reads what it read before. The text is cut at 100,000 characters, far past
    // any asset's words that matter and inside a tsvector's 1 MB. AssetsRepository repeats the expression.
    await queryRunner.query(`CREATE INDEX assets_search ON assets USING gin (to_tsvector('english', title || ' ' || left(content, 100000)))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX assets_search');
  }
}
