import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail (issue 31 item 5): append-only, one hash chain per team and one for the
 * deployment (team_id null). Everything that keeps it honest lives in the database, so that no
 * code path can skip it: a BEFORE INSERT trigger takes the chain's lock, numbers the row, stamps
 * it with the database's clock and chains it; another refuses UPDATE, TRUNCATE and DELETE, except
 * the deletes of `audit_events_prune` (retention). docs/decisions.md "Audit trail".
 */
export class AuditEvents1765200000000 implements MigrationInterface {
  name = 'AuditEvents1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // No foreign key to teams: a team's trail outlives the team (a delete would cascade into rows
    // the trigger refuses to delete).
    await queryRunner.query(`
      CREATE TABLE audit_events (
        id bigserial PRIMARY KEY,
        occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        team_id uuid,
        actor_type text NOT NULL CHECK (actor_type IN ('user', 'api_token', 'scim', 'system', 'anonymous')),
        actor_id text,
        actor_token_id uuid,
        action text NOT NULL CHECK (action ~ '^[a-z_]+(\\.[a-z_]+)+$'),
        target_type text,
        target_id text,
        ip text,
        user_agent text,
        request_id text,
        changes jsonb NOT NULL DEFAULT '{}',
        prev_hash text,
        hash text NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX audit_events_team_idx ON audit_events (team_id, id)`);
    await queryRunner.query(`CREATE INDEX audit_events_deployment_idx ON audit_events (id) WHERE team_id IS NULL`);
    await queryRunner.query(`CREATE INDEX audit_events_occurred_idx ON audit_events (occurred_at)`);

    // The hash of a row: sha256 of the previous row's hash and the row's fields as jsonb text
    // (jsonb's text form is canonical: keys sorted, one spacing); the time as epoch microseconds,
    // so the session's time zone cannot change it. Verification recomputes it with this function.
    await queryRunner.query(`
      CREATE FUNCTION audit_event_hash(e audit_events) RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT encode(sha256(convert_to(coalesce(e.prev_hash, '') || jsonb_build_object(
          'id', e.id, 'occurredAt', (extract(epoch FROM e.occurred_at) * 1000000)::bigint, 'teamId', e.team_id,
          'actorType', e.actor_type, 'actorId', e.actor_id, 'actorTokenId', e.actor_token_id, 'action', e.action,
          'targetType', e.target_type, 'targetId', e.target_id, 'ip', e.ip, 'userAgent', e.user_agent,
          'requestId', e.request_id, 'changes', e.changes)::text, 'UTF8')), 'hex')
      $$`);
    // Appends under the chain's advisory lock (held to the end of the transaction), so concurrent
    // appends line up instead of forking the chain. The id and time are taken under the lock, so
    // they rise along the chain. Under REPEATABLE READ the last row read could be stale (a fork):
    // refused.
    await queryRunner.query(`
      CREATE FUNCTION audit_events_append() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('transaction_isolation') <> 'read committed' THEN
          RAISE EXCEPTION 'audit events are appended in READ COMMITTED transactions only';
        END IF;
        PERFORM pg_advisory_xact_lock(hashtextextended('audit-chain:' || coalesce(NEW.team_id::text, 'deployment'), 0));
        NEW.id := nextval(pg_get_serial_sequence('audit_events', 'id'));
        NEW.occurred_at := clock_timestamp();
        NEW.prev_hash := (SELECT hash FROM audit_events WHERE team_id IS NOT DISTINCT FROM NEW.team_id ORDER BY id DESC LIMIT 1);
        NEW.hash := audit_event_hash(NEW);
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER audit_events_append BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append()`);

    // Append-only: rows are never updated; the one delete path is retention, through
    // audit_events_prune, which sets audit.retention for its own transaction (an emptied test
    // database sets it too, around its TRUNCATE).
    await queryRunner.query(`
      CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'TRUNCATE') AND current_setting('audit.retention', true) = 'on' THEN
          RETURN OLD; -- a statement trigger's result is ignored: the TRUNCATE goes on
        END IF;
        RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change()`);
    await queryRunner.query(`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change()`);
    // Deletes the rows older than the cutoff, oldest first along each chain, so what stays is an
    // unbroken tail whose first row's prev_hash anchors it. Returns how many went.
    await queryRunner.query(`
      CREATE FUNCTION audit_events_prune(cutoff timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE deleted bigint;
      BEGIN
        PERFORM set_config('audit.retention', 'on', true);
        DELETE FROM audit_events WHERE occurred_at < cutoff;
        GET DIAGNOSTICS deleted = ROW_COUNT;
        PERFORM set_config('audit.retention', 'off', true);
        RETURN deleted;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION audit_events_prune(timestamptz)`);
    // Takes its triggers and audit_event_hash (of its row type) with it.
    await queryRunner.query(`DROP TABLE audit_events CASCADE`);
    await queryRunner.query(`DROP FUNCTION audit_events_refuse_change()`);
    await queryRunner.query(`DROP FUNCTION audit_events_append()`);
  }
}
