import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as argon2 from 'argon2';
import pg from 'pg';
import { SERVER_ENTRY, startServer } from '../../helpers/server-process.js';

/**
 * The built server as an operator runs it: `npm run start:prod` with nothing configured starts
 * an embedded PostgreSQL, serves /api/health, and stops everything on SIGTERM.
 */
describe('the server process', () => {
  it('starts on its embedded defaults, answers /api/health, and exits 0 on SIGTERM with the embedded PostgreSQL stopped', async () => {
    // Nothing configured, as a newcomer runs it: embedded database, generated secrets.
    const server = await startServer({ env: { DATABASE_URL: undefined, JWT_SECRET: undefined, APPROVAL_TOKEN_SECRET: undefined, NODE_ENV: undefined, LOG_LEVEL: 'warn' } });
    try {
      expect(await (await server.fetch('/api/health')).json()).toEqual({ status: 'ok', database: 'up', storage: 'up' });
      expect(existsSync(join(server.dataDir, 'postgres', 'postmaster.pid'))).toBe(true);
      expect(existsSync(join(server.dataDir, 'secrets.json'))).toBe(true);
      server.kill('SIGTERM');
      expect(await server.exited(30_000)).toEqual({ code: 0, signal: null });
      expect(existsSync(join(server.dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(server.logs).not.toMatch(/"level":(50|60)/);
    } finally {
      await server.dispose();
    }
  }, 150_000);

  // As root the embedded server runs as the `postgres` user; a folder it cannot enter fails at once.
  it.skipIf(process.getuid?.() !== 0)('as root, refuses at once a data folder the postgres user cannot reach, saying what to do', async () => {
    const privateHome = mkdtempSync(join(tmpdir(), 'assistant-private-'));
    chmodSync(privateHome, 0o700);
    const dataDir = join(privateHome, 'data');
    const server = await startServer({ env: { DATABASE_URL: undefined, LOG_LEVEL: 'warn' }, dataDir, healthy: false });
    // A bound, not a pace (as below): the refusal was seen printed and the exit still past 30 s on a loaded machine.
    expect((await server.exited(100_000)).code).toBe(1);
    expect(server.logs).toContain(`the "postgres" user, who cannot enter ${privateHome} (mode 700)`);
    expect(server.logs).toMatch(/Run the service as a regular user, move the checkout \(and DATA_DIR\)/);
    expect(server.logs).not.toMatch(/EACCES|\n\s+at /);
    // At once: before its credentials are written or initdb is tried (a wall-clock bound failed on a loaded machine).
    expect(existsSync(join(dataDir, 'postgres.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
  }, 120_000);

  it('refuses to start with an invalid variable, naming it', async () => {
    const server = await startServer({ env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', PORT: 'eighty' }, healthy: false });
    // A bound, not a pace: a boot on a loaded machine has taken over 30 s to load the modules and exit.
    const exit = await server.exited(100_000);
    expect(exit.code).toBe(1);
    expect(server.logs).toMatch(/Invalid configuration:[\s\S]*PORT/);
  }, 120_000);
});

describe('the operator command', () => {
  it("sets a team's plan, and refuses unknown plans, malformed ids and unknown teams; creates a verified account with a one-time password", async () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'error' };
    // Each command is a process that boots the app's modules: run apart (not spawnSync, which
    // holds this worker's event loop) and side by side, so a loaded machine costs one boot, not four.
    const cli = (...args: string[]) => runCli(process.execPath, [join(dirname(SERVER_ENTRY), 'cli.js'), ...args], env);

    const [unknownPlan, malformedId, unknownCommand, unknownTeam] = await Promise.all([
      cli('set-plan', '6f9619ff-8b86-4d11-b42d-00c04fc964ff', 'platinum'),
      cli('set-plan', 'not-a-uuid', 'pro'),
      cli('delete-everything'),
      cli('set-plan', '6f9619ff-8b86-4d11-b42d-00c04fc964ff', 'pro'),
    ]);
    expect(unknownPlan.status).toBe(1);
    expect(unknownPlan.stderr).toMatch(/Unknown plan "platinum"\.\nUsage: npm run cli -- <command>\n {2}set-plan <teamId> <free\|pro\|enterprise>/);
    expect(malformedId.stderr).toMatch(/"not-a-uuid" is not a team id/);
    expect(unknownCommand.stderr).toMatch(/^Usage:/);
    expect(unknownTeam.status).toBe(1);
    expect(unknownTeam.stderr).toMatch(/Team 6f9619ff-8b86-4d11-b42d-00c04fc964ff not found/);

    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(`INSERT INTO teams (name) VALUES ('Operator test') RETURNING id`);
      const teamId = rows[0].id;
      const done = await cli('set-plan', teamId, 'enterprise');
      expect(done.status).toBe(0);
      expect(done.stdout).toContain(`Team ${teamId} (Operator test) is now on plan enterprise`);
      const after = await client.query<{ plan: string }>('SELECT plan FROM teams WHERE id = $1', [teamId]);
      expect(after.rows[0].plan).toBe('enterprise');

      // SIGNUP=closed: the operator makes accounts, verified, with a password shown once.
      const email = `operator-made-${Date.now()}@example.com`;
      const created = await cli('create-user', email, 'Olga Operator');
      expect(created.status).toBe(0);
      const password = /Password \(shown once; change it after signing in\): (\S+)$/m.exec(created.stdout)?.[1];
      const user = await client.query<{ password_hash: string; verified: boolean; teams: string }>(
        `SELECT password_hash, email_verified_at IS NOT NULL AS verified, (SELECT count(*) FROM memberships m WHERE m.user_id = u.id AND m.role = 'owner') AS teams
           FROM users u WHERE email = $1`,
        [email],
      );
      expect(user.rows[0]).toMatchObject({ verified: true, teams: '1' });
      expect(await argon2.verify(user.rows[0].password_hash, password ?? '')).toBe(true);
      const again = await cli('create-user', email, 'Olga Again');
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/An account with this email already exists/);
    } finally {
      await client.end();
    }
    // A bound, not a pace: five app boots (four side by side) took over two minutes at load 20.
  }, 300_000);

  it('verifies a team\'s audit chain, names the first row edited behind the trigger, and lists the deployment-wide events', async () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'error' };
    const cli = (...args: string[]) => runCli(process.execPath, [join(dirname(SERVER_ENTRY), 'cli.js'), ...args], env);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(`INSERT INTO teams (name) VALUES ('Audited') RETURNING id`);
      const teamId = rows[0].id;
      expect((await cli('set-plan', teamId, 'pro')).status).toBe(0);
      expect((await cli('set-plan', teamId, 'enterprise')).status).toBe(0);
      const sound = await cli('audit:verify', '--team', teamId);
      expect(sound.status).toBe(0);
      expect(sound.stdout).toMatch(new RegExp(`^ok team ${teamId}: 2 events, head [0-9a-f]{64}$`, 'm'));

      const events = await client.query<{ id: string }>('SELECT id FROM audit_events WHERE team_id = $1 ORDER BY id', [teamId]);
      await client.query('BEGIN');
      await client.query('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only');
      await client.query(`UPDATE audit_events SET changes = '{"plan":{"before":"free","after":"enterprise"}}' WHERE id = $1`, [events.rows[0].id]);
      await client.query('ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only');
      await client.query('COMMIT');
      const broken = await cli('audit:verify', '--team', teamId);
      expect(broken.status).toBe(1);
      expect(broken.stdout).toContain(`BROKEN team ${teamId}: event ${events.rows[0].id}: its fields do not give its hash (the row was edited)`);

      await client.query(`INSERT INTO audit_events (actor_type, action, changes) VALUES ('anonymous', 'auth.sign_in_failed', '{"email":"cli-probe@example.com"}')`);
      const listed = await cli('audit:list', '--limit', '1');
      expect(listed.status).toBe(0);
      expect(JSON.parse(listed.stdout)).toMatchObject({ teamId: null, action: 'auth.sign_in_failed', changes: { email: 'cli-probe@example.com' } });
      expect((await cli('audit:verify', '--team', 'nope')).stderr).toMatch(/"nope" is not a team id/);
    } finally {
      await client.end();
    }
  }, 300_000);
});

/** Runs a command to its end: its exit code and output, whatever the code. */
function runCli(command: string, args: string[], env: Record<string, string | undefined>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { env, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(new Error(`${command} did not run: ${error.message}`));
      else resolve({ status: child.exitCode, stdout, stderr });
    });
  });
}
