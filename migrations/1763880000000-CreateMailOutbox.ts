import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMailOutbox1763880000000 implements MigrationInterface {
  name = 'CreateMailOutbox1763880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every mail is stored here first and delivered by MailOutboxWorker, so a mail server that
    // is down neither fails the request that sent the mail nor loses it. A row is claimed by
    // pushing next_attempt_at into the future (a lease), so it stays `pending` while it is sent.
    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id serial PRIMARY KEY,
        team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
        to_address text NOT NULL,
        subject text NOT NULL,
        html text NOT NULL,
        text text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        message_id text
      )`);
    // The worker's only access path: pending rows that are due, oldest first.
    await queryRunner.query(
      `CREATE INDEX mail_outbox_pending_due_idx ON mail_outbox (status, next_attempt_at) WHERE status = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE mail_outbox`);
  }
}
