import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { SERVER_ENTRY, startServer } from '../helpers/server-process.js';

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
    const started = Date.now();
    const server = await startServer({ env: { DATABASE_URL: undefined, LOG_LEVEL: 'warn' }, dataDir: join(privateHome, 'data'), healthy: false });
    expect((await server.exited(30_000)).code).toBe(1);
    expect(server.logs).toContain(`the "postgres" user, who cannot enter ${privateHome} (mode 700)`);
    expect(server.logs).toMatch(/Run the service as a regular user, move the checkout \(and DATA_DIR\)/);
    expect(server.logs).not.toMatch(/EACCES|\n\s+at /);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it('refuses to start with an invalid variable, naming it', async () => {
    const server = await startServer({ env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', PORT: 'eighty' }, healthy: false });
    const exit = await server.exited(30_000);
    expect(exit.code).toBe(1);
    expect(server.logs).toMatch(/Invalid configuration:[\s\S]*PORT/);
  }, 60_000);
});

describe('the operator command', () => {
  it("sets a team's plan, and refuses unknown plans, malformed ids and unknown teams", async () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'error' };
    const cli = (...args: string[]) => spawnSync(process.execPath, [join(dirname(SERVER_ENTRY), 'cli.js'), ...args], { env, encoding: 'utf8' });

    const unknownPlan = cli('set-plan', '6f9619ff-8b86-4d11-b42d-00c04fc964ff', 'platinum');
    expect(unknownPlan.status).toBe(1);
    expect(unknownPlan.stderr).toMatch(/Unknown plan "platinum"\. Usage: npm run cli -- set-plan <teamId> <free\|pro\|enterprise>/);
    expect(cli('set-plan', 'not-a-uuid', 'pro').stderr).toMatch(/"not-a-uuid" is not a team id/);
    expect(cli('delete-everything').stderr).toMatch(/^Usage:/);

    const unknownTeam = cli('set-plan', '6f9619ff-8b86-4d11-b42d-00c04fc964ff', 'pro');
    expect(unknownTeam.status).toBe(1);
    expect(unknownTeam.stderr).toMatch(/Team 6f9619ff-8b86-4d11-b42d-00c04fc964ff not found/);

    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(`INSERT INTO teams (name) VALUES ('Operator test') RETURNING id`);
      const teamId = rows[0].id;
      const done = cli('set-plan', teamId, 'enterprise');
      expect(done.status).toBe(0);
      expect(done.stdout).toContain(`Team ${teamId} (Operator test) is now on plan enterprise`);
      const after = await client.query<{ plan: string }>('SELECT plan FROM teams WHERE id = $1', [teamId]);
      expect(after.rows[0].plan).toBe('enterprise');
    } finally {
      await client.end();
    }
  }, 60_000);
});
