import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TeamInvitations1764200000000 implements MigrationInterface {
  name = 'TeamInvitations1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // An invitation is kept after it is answered (who was let in, by whom, when). Its mailed link
    // names it by `jti`; a re-invitation closes the pending one as `replaced`, so an older link
    // stops working. Emails are stored lower-cased, as users' are.
    await queryRunner.query(`
      CREATE TABLE team_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        email text NOT NULL CHECK (email = lower(email)),
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
        invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
        jti uuid NOT NULL UNIQUE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'revoked', 'replaced')),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        closed_at timestamptz,
        closed_by uuid REFERENCES users (id) ON DELETE SET NULL,
        CHECK ((status = 'pending') = (closed_at IS NULL))
      )`);
    // One pending invitation per address and team: the database keeps re-invitations from piling up.
    await queryRunner.query(
      `CREATE UNIQUE INDEX team_invitations_one_pending_idx ON team_invitations (team_id, email) WHERE status = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE team_invitations`);
  }
}
