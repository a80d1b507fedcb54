import { freePort } from '../helpers/ports.js';
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
}, 120_000);

/**
 * The built server as an operator runs it: `npm run start:prod` with nothing configured starts
 * an embedded PostgreSQL, serves /api/health, and stops everything on SIGTERM.
 */
describe('the server process', () => {
  it('starts on its embedded defaults, answers /api/health, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'assistant-process-'));
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      const health = await waitForHealth(port, 90_000);
      expect(health).toEqual({ status: 'ok', database: 'up' });
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);
      expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true);
    } finally {
      server.kill('SIGTERM');
    }
    const exit = await exited(server, 30_000);
    expect(exit.signal ?? exit.code).toBe('SIGTERM');
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 150_000);

  it('refuses to start with an invalid variable, naming it', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', PORT: 'eighty' });
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = await exited(server, 30_000);
    expect(exit.code).toBe(1);
    expect(stderr).toMatch(/Invalid configuration:[\s\S]*PORT/);
  }, 60_000);
});

describe('the operator command', () => {
  it("sets a team's plan, and refuses unknown plans, malformed ids and unknown teams", async () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'error' };
    const cli = (...args: string[]) => spawnSync(process.execPath, ['dist/src/cli.js', ...args], { env, encoding: 'utf8' });

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

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['dist/src/main.js'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function waitForHealth(port: number, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return response.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no healthy server on port ${port} within ${timeoutMs} ms`);
}

function exited(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('process did not exit')), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}
