import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { pino } from 'pino';
import type { Response, Test } from 'supertest';
import { DataSource } from 'typeorm';
import { AppLogger } from '../../../src/logging/app-logger.js';
import { SessionCache } from '../../../src/teams/auth/session-cache.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { startSmtpServer, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { TcpProxy } from '../../helpers/tcp-proxy.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** Short timeouts, so that a frozen database is noticed within the test's patience. */
const TIMEOUTS = {
  DATABASE_CONNECT_TIMEOUT_MS: '1000',
  DATABASE_STATEMENT_TIMEOUT_MS: '2000',
  DATABASE_QUERY_TIMEOUT_MS: '3000',
};

/** An upper bound on any answer during an outage: the query timeout plus a margin, far below a hang. */
const ANSWER_WITHIN_MS = 6000;
/** /api/health answers within its own short check, whatever the pool's timeouts. */
const HEALTH_WITHIN_MS = 3500;
/** A refused connection is known at once: the answer comes well within the connect timeout. */
const REFUSED_WITHIN_MS = 2500;

interface LogLine {
  level: number;
  context?: string;
  msg?: string;
}

/** A request and how long its answer took; a hang fails the request (supertest's timeout) instead of the run. */
async function timed(request: Test): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await request.timeout(15_000);
  return { response, ms: Date.now() - started };
}

function expectUnavailable({ response, ms }: { response: Response; ms: number }, withinMs = ANSWER_WITHIN_MS): void {
  expectError(response, 503, /^Database unavailable/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(ms).toBeLessThan(withinMs);
}

/** The session id inside a session JWT. */
function sessionIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
}

describe('a database outage', () => {
  let proxy: TcpProxy;
  let smtp: TestSmtpServer;
  let app: INestApplication;
  let user: TestUser;
  const lines: LogLine[] = [];
  /** Warnings and errors logged since `since`. */
  const complaints = (since: number) => lines.slice(since).filter((line) => line.level >= 40);

  beforeAll(async () => {
    const databaseUrl = process.env.DATABASE_URL ?? '';
    proxy = await TcpProxy.start(databaseUrl);
    smtp = await startSmtpServer();
    app = await createTestApp({
      env: { DATABASE_URL: proxy.url(databaseUrl), SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SESSION_CACHE_SECONDS: '30', ...TIMEOUTS },
    });
    // Everything the app logs through Nest's logger, as the JSON lines an operator would read.
    app.useLogger(new AppLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) })));
    await resetDatabase(app);
    user = await signUp(app);
  });

  afterEach(async () => {
    // Never leave the next test (or the shared server's database) behind a dead proxy.
    await proxy.resume();
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await smtp?.close();
    Logger.overrideLogger(new Logger());
  });

  /** The background sources whose last word is that the database is unavailable (requests never learn of its return). */
  function stillDown(): Set<string> {
    const down = new Set<string>();
    for (const { msg = '' } of lines) {
      const unavailable = /^Database unavailable for ([^:]+):/.exec(msg)?.[1];
      const available = /^Database available again for ([^:]+):/.exec(msg)?.[1];
      if (unavailable && unavailable !== 'requests') down.add(unavailable);
      if (available) down.delete(available);
    }
    return down;
  }

  /** Waits (bounded) until the service answers again, with no restart, and every background source says it is back. */
  async function expectRecovery(): Promise<void> {
    await waitFor(async () => (await api(app).get('/api/health').timeout(5000)).status === 200, 'the health check to pass again', 20_000);
    const health = await api(app).get('/api/health').expect(200);
    expect(health.body).toEqual({ status: 'ok', database: 'up', storage: 'up' });
    await waitFor(async () => (await api(app, user).get('/api/auth/me').timeout(5000)).status === 200, 'a signed-in request to pass again', 20_000);
    await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    await api(app, user).post('/api/teams').send({ name: 'After the outage' }).expect(201);
    await waitFor(() => Promise.resolve(stillDown().size === 0), 'every background source to log its recovery', 30_000);
  }

  it('every connection of the pool carries the timeouts', async () => {
    const dataSource = app.get(DataSource);
    expect(await dataSource.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '2s' }]);
    expect(await dataSource.query('SHOW idle_in_transaction_session_timeout')).toEqual([{ idle_in_transaction_session_timeout: '1min' }]);
  });

  it('refused connections: health, sign-in and protected endpoints answer 503 with Retry-After at once; then it recovers by itself', async () => {
    // A session nobody has used yet: the guard must read it from the database.
    const fresh = await signUp(app);
    await api(app, user).get('/api/auth/me').expect(200);

    await proxy.refuse();

    const health = await timed(api(app).get('/api/health'));
    expectUnavailable(health, REFUSED_WITHIN_MS);
    expect(health.response.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: expect.stringMatching(/^Database unavailable: \S/) });
    expectUnavailable(await timed(api(app, fresh).get('/api/teams')), REFUSED_WITHIN_MS);
    expectUnavailable(await timed(api(app, user).get('/api/auth/me')), REFUSED_WITHIN_MS);
    expectUnavailable(await timed(api(app, user).get('/api/assets')), REFUSED_WITHIN_MS);
    expectUnavailable(await timed(api(app).post('/api/auth/login').send({ email: user.email, password: user.password })), REFUSED_WITHIN_MS);
    // With its change feed down, the session cache serves nothing (a revocation could go unheard).
    await waitFor(() => Promise.resolve(app.get(SessionCache).get(sessionIdOf(user.token)) === undefined), 'the session cache to be off', 5000);

    await proxy.resume();
    await expectRecovery();
  });

  it('a frozen database (it accepts connections and never answers): 503 within the timeouts, never a hang; then it recovers', async () => {
    await api(app, user).get('/api/auth/me').expect(200);
    const fresh = await signUp(app);

    proxy.freeze();

    expectUnavailable(await timed(api(app).get('/api/health')), HEALTH_WITHIN_MS);
    expectUnavailable(await timed(api(app, fresh).get('/api/teams')));
    expectUnavailable(await timed(api(app, user).get('/api/auth/me')));
    expectUnavailable(await timed(api(app).post('/api/auth/login').send({ email: user.email, password: user.password })));

    await proxy.resume();
    await expectRecovery();
  });

  it('an outage of several seconds is logged once per source, not once per attempt, and its end once too', async () => {
    await api(app, user).get('/api/auth/me').expect(200);
    const start = lines.length;

    await proxy.refuse();
    // Several seconds of outage with traffic (the background loops poll meanwhile): every answer is a 503.
    const until = Date.now() + 6000;
    let answered = 0;
    while (Date.now() < until) {
      expectUnavailable(await timed(api(app, user).get('/api/auth/me')));
      expectUnavailable(await timed(api(app).get('/api/health')), HEALTH_WITHIN_MS);
      answered += 2;
    }
    expect(answered).toBeGreaterThan(10);

    // At most one complaint per source (the class that logs), however many attempts failed.
    const during = complaints(start);
    const contexts = during.map((line) => line.context);
    expect(new Set(contexts).size).toBe(contexts.length);
    expect(during.length).toBeLessThanOrEqual(8);
    // The sources that poll the database by themselves all said so, with the reason.
    const said = during.map((line) => line.msg ?? '');
    for (const source of ['the job queue', 'the session change feed']) {
      expect(said).toContainEqual(expect.stringMatching(new RegExp(`^Database unavailable for ${source}: [^;]+; retrying`)));
    }

    const resumedAt = lines.length;
    await proxy.resume();
    await expectRecovery();
    // Each says once when it is back, and how long it was out.
    const recovered = lines.slice(resumedAt).map((line) => line.msg ?? '').filter((msg) => msg.startsWith('Database available again for'));
    for (const source of ['the job queue', 'the session change feed']) {
      expect(recovered.filter((msg) => new RegExp(`^Database available again for ${source}: recovered after \\d+ s$`).test(msg))).toHaveLength(1);
    }
    expect(complaints(resumedAt).filter((line) => line.level >= 50)).toEqual([]);

    // The job queue works again: a new workflow's plan approval mail goes out through it.
    await createWorkflow(app, user, { goal: 'Outline a LinkedIn post about outages' });
    await mailTo(smtp, user.email, /^Approve the plan/);
    // The session feed listens again: sessions are cached again.
    await waitFor(async () => {
      await api(app, user).get('/api/auth/me').expect(200);
      return app.get(SessionCache).get(sessionIdOf(user.token)) !== undefined;
    }, 'the session cache to serve again', 20_000);
  });
});
