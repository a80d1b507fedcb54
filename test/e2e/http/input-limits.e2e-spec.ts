import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsageLedger } from '../../../src/usage/usage-ledger.service.js';
import { api } from '../../helpers/api.js';
import { snapshotDatabase } from '../../helpers/database-snapshot.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { type PausedRun, pausedRun, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const TOO_DEEP = 'Request body nested too deeply';
const TOO_LARGE = 'Request body too large';
const INT4_MAX = 2_147_483_647;

/** A JSON value nested `depth` levels deep (the outermost array counts as 1). */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('hostile input: body size and nesting, text PostgreSQL cannot store, integers beyond its range', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let dataSource: DataSource;
  let owner: TestUser;
  let run: PausedRun;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
    await resetDatabase(app);
    dataSource = app.get(DataSource);
    owner = await signUp(app);
    run = await pausedRun(app, smtp, owner);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const json = (method: 'post' | 'get', path: string, body: string, caller?: TestUser) =>
    api(app, caller)[method](path).set('Content-Type', 'application/json').send(body);
  const decisionPath = () => `/api/workflows/${run.workflowId}/runs/${run.runId}/decision`;

  /** Runs `act` and asserts that no table changed. */
  async function expectNothingStored(act: () => Promise<void>): Promise<void> {
    // Usage rows of earlier, accepted requests are written a second after their calls: written
    // now, so that they are not taken for something the refused requests stored.
    await app.get(UsageLedger).flush();
    const before = await snapshotDatabase(dataSource);
    await act();
    expect(await snapshotDatabase(dataSource)).toEqual(before);
  }

  describe('body size', () => {
    it('an ordinary route refuses a body over 64 kb with 413, signed in or not, and stores nothing', async () => {
      await expectNothingStored(async () => {
        expectError(await api(app).post('/api/auth/login').send({ email: 'a@example.com', password: 'x'.repeat(70_000) }), 413, TOO_LARGE);
        expectError(await api(app, owner).post('/api/teams').send({ name: 'x'.repeat(70_000) }), 413, TOO_LARGE);
        expectError(await api(app, owner).post('/api/workflows').send({ goal: 'x'.repeat(70_000) }), 413, TOO_LARGE);
      });
      // Under the limit the body reaches validation.
      expectError(await api(app, owner).post('/api/teams').send({ name: 'x'.repeat(60_000) }), 400, [/^name must be shorter than/]);
    });

    it('the chat router, where attachments travel, takes bodies up to BODY_LIMIT (5 mb)', async () => {
      const large = await api(app, owner)
        .post('/api/assistant/router')
        .send({ messages: [userMessage('x'.repeat(100_000))], agentId: 'no-such-agent' });
      expect(large.status).toBe(400);
      expect(JSON.stringify(large.body)).toMatch(/agentId/);
      expectError(await api(app, owner).post('/api/assistant/router').send({ messages: [userMessage('x'.repeat(6_000_000))] }), 413, TOO_LARGE);
    });
  });

  describe('nesting', () => {
    it('refuses a body nested 5,000 levels deep with 400 on every JSON route, signed in or not', async () => {
      const deep = nestedArrays(5_000);
      const deepObject = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
      await expectNothingStored(async () => {
        for (const body of [deep, deepObject]) {
          expectError(await json('post', '/api/auth/login', body), 400, TOO_DEEP);
          expectError(await json('post', '/api/auth/register', body), 400, TOO_DEEP);
          expectError(await json('post', '/api/teams', body), 400, TOO_DEEP);
          expectError(await json('post', '/api/teams', body, owner), 400, TOO_DEEP);
          expectError(await json('post', '/api/workflows', body, owner), 400, TOO_DEEP);
          expectError(await json('post', decisionPath(), body, owner), 400, TOO_DEEP);
          expectError(await json('post', '/api/assistant/router', body, owner), 400, TOO_DEEP);
        }
      });
    });

    it('counts the nesting of values, not brackets inside strings: 32 levels reach validation, 33 do not', async () => {
      // The body object is level 1, so `name` holds 31 levels of arrays at most.
      const atLimit = await json('post', '/api/teams', `{"name":${nestedArrays(31)}}`, owner);
      expectError(atLimit, 400, [/^name must be a string/]);
      expectError(await json('post', '/api/teams', `{"name":${nestedArrays(32)}}`, owner), 400, TOO_DEEP);
      // Brackets and escaped quotes inside a string are text.
      const name = `[{\\"${'['.repeat(60)}`;
      const created = await json('post', '/api/teams', `{"name":"${name}"}`, owner).expect(201);
      expect((created.body as { name: string }).name).toBe(`[{"${'['.repeat(60)}`);
    });

    it('refuses 2,000,000 levels (4 MB) at once, without holding up the event loop', async () => {
      const body = nestedArrays(2_000_000);
      // What parsing the body would hold the loop for, on this machine under its load right now.
      const parsing = performance.now();
      expect(() => JSON.parse(body) as unknown).not.toThrow();
      const parseMs = performance.now() - parsing;
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const response = await json('post', '/api/assistant/router', body, owner);
      delay.disable();
      expectError(response, 400, TOO_DEEP);
      // Reading and scanning the body are the only work: no turn of the loop waits long, and none
      // near what a parse of it takes (a bound relative to the machine's speed, not a fixed time).
      expect(delay.max / 1e6).toBeLessThan(Math.max(parseMs / 2, 100));
      // Elsewhere the size limit refuses it before anything looks at it.
      expectError(await json('post', '/api/auth/login', nestedArrays(2_000_000)), 413, TOO_LARGE);
    });
  });

  describe('text PostgreSQL cannot store', () => {
    it('refuses a NUL character in any text that enters (body, query string, path, approval link note and form), naming the field; nothing is stored', async () => {
      await expectNothingStored(async () => {
        const nul = (field: string) => [new RegExp(`^${field.replace(/\./g, '\\.')} must not contain NUL characters$`)];
        expectError(await api(app, owner).post('/api/teams').send({ name: 'Mark\u0000eting' }), 400, nul('name'));
        expectError(await api(app, owner).post('/api/auth/tokens').send({ name: 'CI\u0000' }), 400, nul('name'));
        expectError(await api(app, owner).post('/api/workflows').send({ goal: 'Write a post\u0000' }), 400, nul('goal'));
        expectError(
          await api(app, owner).post(`/api/workflows/${run.workflowId}/steps`).send({ steps: [{ description: 'Outline', agentId: 'social' }, { description: 'Post\u0000' }] }),
          400,
          nul('steps.1.description'),
        );
        expectError(await api(app, owner).post(decisionPath()).send({ action: 'reject', stepIndex: REVIEWED_STEP, note: 'More\u0000detail' }), 400, nul('note'));
        expectError(await api(app).get(`${run.links.reject}&note=More%00detail`).set('User-Agent', BROWSER), 400, nul('note'));
        const token = new URL(run.links.reject, 'http://link').searchParams.get('token');
        const form = await api(app).post('/api/workflows/resume').set('User-Agent', BROWSER).type('form').send({ token, action: 'reject', note: 'More\u0000detail' });
        expectError(form, 400, nul('note'));
        expectError(await api(app).post('/api/auth/register').send({ email: 'nul@example.com', password: 'correct horse battery', name: 'Nul\u0000' }), 400, nul('name'));
        expectError(await api(app, owner).get('/api/assets?from=2024-01-01%00'), 400, nul('from'));
        expectError(await api(app, owner).get('/api/workflows/%00'), 400, nul('id'));
      });
    });

    it('refuses unpaired UTF-16 surrogates, naming the field; a paired one (an emoji) is text like any other', async () => {
      await expectNothingStored(async () => {
        const lone = (field: string) => [new RegExp(`^${field} must not contain unpaired UTF-16 surrogates$`)];
        expectError(await api(app).post('/api/auth/register').send({ email: 'a\ud800@example.com', password: 'correct horse battery', name: 'A' }), 400, lone('email'));
        expectError(await api(app).post('/api/auth/login').send({ email: '\udc00@example.com', password: 'correct horse battery' }), 400, lone('email'));
        expectError(await api(app, owner).post('/api/teams').send({ name: 'Launch \ud83d' }), 400, lone('name'));
        expectError(await api(app, owner).post(decisionPath()).send({ action: 'reject', stepIndex: REVIEWED_STEP, note: '\udfff' }), 400, lone('note'));
      });
      const created = await api(app, owner).post('/api/teams').send({ name: 'Launch \ud83d\ude80' }).expect(201);
      expect((created.body as { name: string }).name).toBe('Launch 🚀');
    });
  });

  describe('integers beyond PostgreSQL integer (int4)', () => {
    it('GET /api/assets refuses an offset or run id beyond int4 with 400; the largest int4 is accepted', async () => {
      expectError(await api(app, owner).get('/api/assets?offset=99999999999999999999'), 400, [/^offset must not be greater than 2147483647$/]);
      expectError(await api(app, owner).get(`/api/assets?offset=${INT4_MAX + 1}`), 400, [/^offset must not be greater than 2147483647$/]);
      expectError(await api(app, owner).get(`/api/assets?runId=${INT4_MAX + 1}`), 400, [/^runId must not be greater than 2147483647$/]);
      await api(app, owner).get(`/api/assets?offset=${INT4_MAX}&runId=${INT4_MAX}`).expect(200, []);
    });

    it('a decision refuses a stepIndex beyond any plan (2^31, 1e400, 20) with 400; the paused run is untouched', async () => {
      await expectNothingStored(async () => {
        for (const stepIndex of [String(INT4_MAX + 1), '1e400', '20', '-1', '1.5']) {
          const response = await json('post', decisionPath(), `{"action":"approve","stepIndex":${stepIndex}}`, owner);
          expectError(response, 400, [/^stepIndex /]);
        }
      });
    });

    it("a plan's stepIndex beyond the plan's largest is refused with 400", async () => {
      const response = await api(app, owner)
        .post(`/api/workflows/${run.workflowId}/steps`)
        .send({ steps: [{ stepIndex: INT4_MAX + 1, description: 'Outline' }] });
      expectError(response, 400, [/^steps\.0\.stepIndex must not be greater than 19$/]);
    });
  });
});
