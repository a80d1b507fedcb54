import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.mjs';

const run = promisify(execFile);
const BIN = process.env.BENCH_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
/** The database the service gets; statistics are read from `postgres`, so the reads are not counted. */
const SERVICE_DATABASE = 'assistant';

/** Runs a PostgreSQL program as the `postgres` user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(program, args) {
  return userInfo().uid === 0 ? run('runuser', ['-u', 'postgres', '--', join(BIN, program), ...args]) : run(join(BIN, program), args);
}

/**
 * A throwaway PostgreSQL cluster of its own (the shared server does not preload the module and is
 * not restarted for a benchmark): initdb into a temporary directory, a free port on 127.0.0.1 and a
 * Unix socket in that directory, with pg_stat_statements preloaded and counting every statement,
 * utility ones (BEGIN, COMMIT) and nested ones included. The programs are PostgreSQL 15's, as on
 * the shared server (BENCH_POSTGRES_BIN to change). `stop()` stops it and removes the directory.
 */
export async function startStatementStatsCluster() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-statements-'));
  if (userInfo().uid === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout), Number(group));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c shared_preload_libraries=pg_stat_statements',
    '-c pg_stat_statements.track=all',
    '-c pg_stat_statements.track_utility=on',
    '-c pg_stat_statements.max=10000',
  ].join(' ');
  await asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);

  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${SERVICE_DATABASE}`);
    await admin.query('CREATE EXTENSION pg_stat_statements');
    const { rows } = await admin.query(
      "SELECT current_setting('pg_stat_statements.track') AS track, current_setting('pg_stat_statements.track_utility') AS utility",
    );
    if (rows[0].track !== 'all' || rows[0].utility !== 'on') throw new Error(`pg_stat_statements counts ${JSON.stringify(rows[0])}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    /** What the service connects to. */
    url: `postgres://postgres@127.0.0.1:${port}/${SERVICE_DATABASE}`,
    socketDir: dir,
    /** Forgets every statement counted so far. */
    async reset() {
      await admin.query('SELECT pg_stat_statements_reset()');
    },
    /**
     * The statements the service's database ran since the last reset, most called first: calls,
     * total and mean execution time (ms), and whether the client sent it (top level) or a
     * function or trigger ran it.
     */
    async statements() {
      const { rows } = await admin.query(
        `SELECT query, calls::int, total_exec_time AS total, mean_exec_time AS mean, toplevel
           FROM pg_stat_statements
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1)
          ORDER BY calls DESC, total_exec_time DESC`,
        [SERVICE_DATABASE],
      );
      return rows;
    },
    async stop() {
      await admin.end().catch(() => undefined);
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
