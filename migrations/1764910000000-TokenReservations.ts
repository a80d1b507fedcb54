import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TokenReservations1764910000000 implements MigrationInterface {
  name = 'TokenReservations1764910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // What a reply or run step under way may still spend, reserved against the team's monthly
    // budget when it is admitted (its prompt's tokens plus the output cap), so every instance sees
    // it before the call's usage is written. `tokens`: the estimate; `expires_at`: when it stops
    // counting if nobody settles it (its instance died); the row is deleted once the call's usage
    // rows are written, in the ledger's flush.
    await queryRunner.query(`
      CREATE TABLE token_reservations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        tokens integer NOT NULL CHECK (tokens > 0),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX token_reservations_team_idx ON token_reservations (team_id, expires_at)`);
    await queryRunner.query(`CREATE INDEX token_reservations_expiry_idx ON token_reservations (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE token_reservations`);
  }
}
