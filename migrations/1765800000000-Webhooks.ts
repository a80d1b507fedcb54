import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1765800000000 implements MigrationInterface {
  name = 'Webhooks1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        url text NOT NULL,
        description text NOT NULL DEFAULT '',
        event_types text[] NOT NULL,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX webhook_endpoints_team_idx ON webhook_endpoints (team_id)`);
    // The outbox: one row per event, written in the transaction of the change it reports.
    await queryRunner.query(`
      CREATE TABLE webhook_events (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        type text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX webhook_events_team_idx ON webhook_events (team_id, created_at)`);
    // One delivery per event and endpoint subscribed when the event was written; its last attempt's outcome.
    await queryRunner.query(`
      CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        event_seq bigint NOT NULL REFERENCES webhook_events(seq) ON DELETE CASCADE,
        team_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        first_failed_at timestamptz,
        response_status int,
        latency_ms int,
        error text,
        last_attempt_at timestamptz,
        UNIQUE (endpoint_id, event_seq)
      )`);
    await queryRunner.query(`CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (endpoint_id, event_seq) WHERE status = 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE webhook_deliveries`);
    await queryRunner.query(`DROP TABLE webhook_events`);
    await queryRunner.query(`DROP TABLE webhook_endpoints`);
  }
}
