import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SessionCache } from '../../../src/teams/auth/session-cache.js';
import { TeamsService } from '../../../src/teams/teams.service.js';
import { api } from '../../helpers/api.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** The session id inside a session JWT. */
function sessionIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
}

/** Resolves once `check` passes, within the few hundred milliseconds a notification takes. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  await waitFor(async () => ((await check()) ? true : undefined), what);
}

describe('resolved sessions cached per instance, dropped everywhere on change', () => {
  // Two instances on one database, as in production behind a load balancer.
  let first: INestApplication;
  let second: INestApplication;
  let user: TestUser;

  beforeAll(async () => {
    first = await createTestApp({ env: { SESSION_CACHE_SECONDS: '60' } });
    second = await createTestApp({ env: { SESSION_CACHE_SECONDS: '60' } });
    await resetDatabase(first);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  beforeEach(async () => {
    user = await signUp(first);
    // The second instance resolves the session once, and keeps it.
    await api(second, user).get('/api/auth/me').expect(200);
    expect(second.get(SessionCache).get(sessionIdOf(user.token))).toBeDefined();
  });

  const revokeBehindTheServicesBack = (token: string) =>
    first.get(DataSource).query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [sessionIdOf(token)]);

  it('answers from the cache: a change made behind the services back is not seen until the entry expires', async () => {
    await revokeBehindTheServicesBack(user.token);
    await api(second, user).get('/api/auth/me').expect(200);
  });

  it('reads the session again once SESSION_CACHE_SECONDS have passed', async () => {
    await revokeBehindTheServicesBack(user.token);
    // Only Date is faked: the cache dates its entries by it, and the app's timers and sockets run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      vi.advanceTimersByTime(59_000);
      await api(second, user).get('/api/auth/me').expect(200);
      vi.advanceTimersByTime(2_000);
      await api(second, user).get('/api/auth/me').expect(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a logout on one instance makes the token 401 on the other at once', async () => {
    await api(first, user).post('/api/auth/logout').expect(200);
    await eventually(async () => (await api(second, user).get('/api/auth/me')).status === 401, 'the logout to reach the second instance');
    await api(first, user).get('/api/auth/me').expect(401);
  });

  it('a revoked API token stops working on the other instance', async () => {
    const created = await api(first, user).post('/api/auth/tokens').send({ name: 'script' }).expect(201);
    const script = { token: created.body.token as string };
    await api(second, script).get('/api/auth/me').expect(200);
    await api(first, user).delete(`/api/auth/tokens/${created.body.id}`).expect(200);
    await eventually(async () => (await api(second, script).get('/api/auth/me')).status === 401, 'the revocation to reach the second instance');
  });

  it('a team switch on one instance is the active team on the other', async () => {
    const team = await api(first, user).post('/api/teams').send({ name: 'Second team' }).expect(201);
    await api(first, user).post(`/api/teams/${team.body.id}/activate`).expect(200);
    await eventually(
      async () => (await api(second, user).get('/api/auth/me')).body.activeTeam?.id === team.body.id,
      'the team switch to reach the second instance',
    );
  });

  it('a plan change drops the cached sessions of that team on every instance', async () => {
    await first.get(TeamsService).setPlan(user.teamId, 'pro');
    await eventually(() => Promise.resolve(second.get(SessionCache).get(sessionIdOf(user.token)) === undefined), 'the plan change to reach the second instance');
    await api(second, user).get('/api/auth/me').expect(200);
    expect(second.get(SessionCache).get(sessionIdOf(user.token))?.context.plan).toBe('pro');
  });

  it('serves nothing from the cache while its change feed is down, and caches again once it is back', async () => {
    await first.get(DataSource).query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN auth_changes'`,
    );
    await eventually(() => Promise.resolve(second.get(SessionCache).get(sessionIdOf(user.token)) === undefined), 'the cache to be switched off');
    await revokeBehindTheServicesBack(user.token);
    await api(second, user).get('/api/auth/me').expect(401);

    const other = await signUp(first);
    await eventually(async () => {
      await api(second, other).get('/api/auth/me').expect(200);
      return second.get(SessionCache).get(sessionIdOf(other.token)) !== undefined;
    }, 'the cache to be back');
  });
});

describe('SESSION_CACHE_SECONDS=0', () => {
  it('reads the session on every request', async () => {
    const app = await createTestApp({ env: { SESSION_CACHE_SECONDS: '0' } });
    try {
      const user = await signUp(app);
      await api(app, user).get('/api/auth/me').expect(200);
      await app.get(DataSource).query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [sessionIdOf(user.token)]);
      await api(app, user).get('/api/auth/me').expect(401);
    } finally {
      await app.close();
    }
  });
});
