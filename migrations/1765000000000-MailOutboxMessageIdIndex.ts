import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MailOutboxMessageIdIndex1765000000000 implements MigrationInterface {
  name = 'MailOutboxMessageIdIndex1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A mail sent "once for" a job looks its Message-ID up before it is stored (MailService.send):
    // without an index that read scans the whole outbox, which only grows. Not unique: the lookup and
    // the insert are two statements, and a unique index could not be built on an outbox where a race
    // between them ever stored one id twice.
    await queryRunner.query(`CREATE INDEX mail_outbox_message_id_idx ON mail_outbox (message_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX mail_outbox_message_id_idx`);
  }
}
