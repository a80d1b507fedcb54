import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../helpers/mail-catcher.js';
import { type ServerProcess, startServer } from '../helpers/server-process.js';
import { ScenarioTable } from './fixtures.js';

const ACCOUNT = { email: 'newcomer@example.com', password: 'correct horse battery' };

/**
 * Issue 14: the embedded defaults (`npm start` with nothing set) survive a killed app and a
 * killed database. Each process here runs its own embedded PostgreSQL in a throwaway folder.
 */
describe('the embedded PostgreSQL', () => {
  const table = new ScenarioTable();
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-embedded-'));
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await startServer({ env: { DATABASE_URL: undefined }, dataDir });
    servers.push(server);
    return server;
  };
  const postmasterPid = () => Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

  afterAll(async () => {
    for (const server of servers) {
      server.kill('SIGTERM');
      await server.exited(30_000).catch(() => server.dispose());
    }
    table.print('Embedded PostgreSQL');
  });

  it('after the app was killed (-9), a new start takes over the orphaned server: the same accounts sign in', async () => {
    const first = await start();
    await first.json('POST', '/api/auth/register', undefined, { ...ACCOUNT, name: 'Newcomer' });
    const orphan = postmasterPid();
    first.kill('SIGKILL');
    await first.exited();

    const second = await start();
    expect(second.logs).toContain(`Stopping the embedded PostgreSQL left running by a process that died (pid ${orphan})`);
    const login = await second.fetch('/api/auth/login', { method: 'POST', json: ACCOUNT });
    expect(login.status).toBe(200);
    expect(postmasterPid()).not.toBe(orphan);
    table.record('app killed -9, started again', 'orphaned server stopped and started afresh; sign-in works');
  }, 180_000);

  it('a database server that dies is restarted, and the service answers again; SIGTERM then stops both and exits 0', async () => {
    const server = servers.at(-1) ?? (await start());
    const killed = postmasterPid();
    process.kill(killed, 'SIGKILL');
    await server.waitForLog(/Embedded PostgreSQL exited unexpectedly/);
    await waitFor(async () => (await server.fetch('/api/health')).status === 200 && postmasterPid() !== killed, 'the service healthy again', 60_000);
    expect((await server.fetch('/api/auth/login', { method: 'POST', json: ACCOUNT })).status).toBe(200);

    server.kill('SIGTERM');
    expect(await server.exited(30_000)).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    table.record('embedded PostgreSQL killed -9', 'restarted by the app; sign-in works; SIGTERM exits 0 and stops it');
  }, 120_000);
});
