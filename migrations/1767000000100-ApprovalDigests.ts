import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36 item 3: the daily approvals digest. `users.approval_digest` is the person's opt-out;
 * `approval_digests` holds one row per person per UTC day once their digest was decided (mailed, or
 * found empty), written in the transaction that puts the mail in the outbox, so it goes once.
 * `mail_outbox.list_unsubscribe` is the List-Unsubscribe URL a mail goes out with.
 */
export class ApprovalDigests1767000000100 implements MigrationInterface {
  name = 'ApprovalDigests1767000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN approval_digest boolean NOT NULL DEFAULT true`);
    await queryRunner.query(
      `CREATE TABLE approval_digests (
         user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
         day date NOT NULL,
         items integer NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (user_id, day)
       )`,
    );
    // The sweep drops rows two days old: only the day's row keeps its digest from going twice.
    await queryRunner.query(`CREATE INDEX approval_digests_day ON approval_digests (day)`);
    await queryRunner.query(`ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE mail_outbox DROP COLUMN list_unsubscribe`);
    await queryRunner.query(`DROP TABLE approval_digests`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN approval_digest`);
  }
}
