import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsageService } from '../../../src/usage/usage.service.js';
import type { UsageReportResponse } from '../../../src/usage/usage.response.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, linksIn, pathOf, waitFor } from '../../helpers/mail-catcher.js';
import { waitForRun } from '../../helpers/runs.js';
import { joinTeam } from '../../helpers/teams.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

interface LedgerRow {
  team_id: string;
  user_id: string | null;
  conversation_id: string | null;
  workflow_id: string | null;
  run_id: number | null;
  step_index: number | null;
  kind: string;
  model_id: string;
  input_tokens: number;
  output_tokens: number;
  images: number;
}

/** Priced so that costs are visible: 1 per million input tokens, 2 per million output tokens. */
const PRICES = { offline: { input: 1, output: 2 } };

describe('usage ledger and API, on the offline model', () => {
  let app: INestApplication;
  let alice: TestUser;

  const rowsOf = (teamId: string): Promise<LedgerRow[]> =>
    app.get(DataSource).query<LedgerRow[]>('SELECT * FROM usage_records WHERE team_id = $1 ORDER BY created_at, id', [teamId]);
  /** The team's rows once there are `count` (the ledger writes about once a second). */
  const rowsWhen = (teamId: string, count: number): Promise<LedgerRow[]> =>
    waitFor(async () => {
      const rows = await rowsOf(teamId);
      return rows.length >= count ? rows : undefined;
    }, `${count} usage rows`);
  const usage = (caller: TestUser, query = ''): Promise<UsageReportResponse> =>
    api(app, caller)
      .get(`/api/usage${query}`)
      .expect(200)
      .then((response) => response.body as UsageReportResponse);

  beforeAll(async () => {
    app = await createTestApp({ env: { MODEL_PRICES: JSON.stringify(PRICES), RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    alice = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts the images the offline model renders (issue 35: usage said "Images 0" after two images)', async () => {
    const bea = await signUp(app);
    for (const prompt of ['Make an image of a red bicycle', 'Make an image of a lighthouse at dawn']) {
      const reply = await chat(app, bea, { agentId: 'social', messages: [userMessage(prompt)] });
      expect(reply.message.parts.filter((part) => part.type === 'tool-generate_image')).toHaveLength(1);
    }
    const rows = await waitFor(async () => {
      const images = (await rowsOf(bea.teamId)).filter((row) => row.kind === 'image');
      return images.length >= 2 && images;
    }, 'two image rows');
    expect(rows).toEqual([1, 2].map(() => expect.objectContaining({ model_id: 'offline', input_tokens: 0, output_tokens: 0, images: 1 }) as unknown));
    const report = await usage(bea, '?groupBy=model');
    expect(report.totals.images).toBe(2);
    expect(report.rows).toEqual([expect.objectContaining({ key: 'offline', images: 2 })]);
  });

  it('records a chat reply: the routing call, and each step of the tool loop charged to the conversation', async () => {
    const first = await chat(app, alice, { messages: [userMessage('Make an image of a lighthouse at dusk')] });
    expect(first.message.parts.some((part) => part.type === 'tool-generate_image')).toBe(true);
    // Routing, the tool call, the answer after the tool's result: the last two run after the
    // request's handler returned, inside the live stream; then the new conversation's title. The
    // image the tool rendered is a row of its own, made while the tool call ran.
    const recorded = await rowsWhen(alice.teamId, 5);
    const base = { team_id: alice.teamId, user_id: alice.userId, workflow_id: null, run_id: null, step_index: null, model_id: 'offline', images: 0 };
    expect(recorded.filter((row) => row.kind === 'image')).toEqual([
      { ...base, id: expect.any(String), created_at: expect.any(Date), conversation_id: first.conversationId, kind: 'image', input_tokens: 0, output_tokens: 0, images: 1 },
    ]);
    const rows = recorded.filter((row) => row.kind !== 'image');
    expect(rows).toEqual([
      // A new conversation is routed before it exists.
      { ...base, id: expect.any(String), created_at: expect.any(Date), conversation_id: null, kind: 'routing', input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
      ...[1, 2].map(() => ({
        ...base,
        id: expect.any(String),
        created_at: expect.any(Date),
        conversation_id: first.conversationId,
        kind: 'chat',
        input_tokens: expect.any(Number),
        output_tokens: expect.any(Number),
      })),
      { ...base, id: expect.any(String), created_at: expect.any(Date), conversation_id: first.conversationId, kind: 'title', input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
    ]);
    for (const row of rows) {
      expect(row.input_tokens).toBeGreaterThan(0);
      expect(row.output_tokens).toBeGreaterThan(0);
    }
    // The agent's instructions and tool schemas are read on every step: hundreds of tokens, and
    // the second step reads the first one's tool result on top.
    expect(rows[1].input_tokens).toBeGreaterThan(200);
    expect(rows[2].input_tokens).toBeGreaterThan(rows[1].input_tokens);

    await chat(app, alice, { conversationId: first.conversationId, messages: [userMessage('Thanks, that is all')] });
    // A conversation is titled once: no title call this time.
    const next = (await rowsWhen(alice.teamId, 7)).slice(5);
    expect(next.map((row) => [row.kind, row.conversation_id])).toEqual([
      ['routing', first.conversationId],
      ['chat', first.conversationId],
    ]);
  });

  it('records a workflow plan under the workflow, and a run step under its run, step, workflow and conversation', async () => {
    const before = (await rowsOf(alice.teamId)).length;
    const created = await createWorkflow(app, alice, { goal: 'Write a LinkedIn post about our product launch' });
    const [planning] = (await rowsWhen(alice.teamId, before + 1)).slice(before);
    expect(planning).toMatchObject({ kind: 'planning', user_id: alice.userId, workflow_id: created.workflowId, conversation_id: null, run_id: null, model_id: 'offline' });
    expect(planning.input_tokens).toBeGreaterThan(0);

    // The plan's mail is written by a queue job after the workflow's commit: wait for it, not for alice's latest mail.
    const mail = await waitFor(async () => {
      const [row] = await app
        .get(DataSource)
        .query<{ text: string }[]>(`SELECT text FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Approve the plan%' ORDER BY id DESC LIMIT 1`, [alice.email.toLowerCase()]);
      return row;
    }, 'the plan approval mail');
    const approve = linksIn(mail.text).find((link) => link.includes('/approve?token='));
    await api(app).get(pathOf(approve!)).set('User-Agent', BROWSER).expect(302);
    const started = await api(app, alice).post(`/api/workflows/${created.workflowId}/run`).expect(201);
    const runId = started.body.runId as number;
    await waitForRun(app, alice, created.workflowId, runId, 'completed');

    const [run] = await app.get(DataSource).query<{ conversation_id: string }[]>('SELECT conversation_id FROM workflow_runs WHERE id = $1', [runId]);
    // Each step's calls are written before the step is reported finished: the completed run's record is whole at once.
    const steps = (await rowsOf(alice.teamId)).filter((row) => row.run_id === runId);
    expect(new Set(steps.map((row) => row.step_index)).size).toBe(created.steps.length);
    for (const row of steps) {
      expect(row).toMatchObject({ kind: 'run-step', user_id: alice.userId, workflow_id: created.workflowId, conversation_id: run.conversation_id, model_id: 'offline' });
    }
    expect(steps.map((row) => row.step_index).sort()).toEqual(expect.arrayContaining(created.steps.map((step) => step.stepIndex)));

    // The run's totals, for its record.
    const totals = await app.get(UsageService).ofRun(alice.teamId, runId);
    const input = steps.reduce((sum, row) => sum + row.input_tokens, 0);
    const output = steps.reduce((sum, row) => sum + row.output_tokens, 0);
    expect(totals).toEqual({ inputTokens: input, outputTokens: output, calls: steps.length, images: 0, cost: (input + 2 * output) / 1_000_000 });
    const record = await api(app, alice).get(`/api/workflows/${created.workflowId}/runs/${runId}`).expect(200);
    expect(record.body.usage).toEqual(totals);
    expect(await app.get(UsageService).ofRun((await signUp(app)).teamId, runId)).toEqual({ inputTokens: 0, outputTokens: 0, calls: 0, images: 0, cost: 0 });
  });

  it('reports by day, model, user and workflow, with totals and costs from MODEL_PRICES', async () => {
    const rows = await rowsOf(alice.teamId);
    const input = rows.reduce((sum, row) => sum + row.input_tokens, 0);
    const output = rows.reduce((sum, row) => sum + row.output_tokens, 0);
    const images = rows.reduce((sum, row) => sum + row.images, 0);
    expect(images).toBe(1);
    const totals = { inputTokens: input, outputTokens: output, calls: rows.length, images, cost: (input + 2 * output) / 1_000_000 };

    const byDay = await usage(alice);
    const now = new Date();
    expect(byDay).toMatchObject({
      scope: 'team',
      groupBy: 'day',
      from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      totals,
    });
    expect(byDay.rows).toEqual([{ key: now.toISOString().slice(0, 10), ...totals }]);

    expect((await usage(alice, '?groupBy=model')).rows).toEqual([{ key: 'offline', ...totals }]);
    expect((await usage(alice, '?groupBy=user')).rows).toEqual([{ key: alice.userId, ...totals }]);

    const byWorkflow = await usage(alice, '?groupBy=workflow');
    const workflowId = rows.find((row) => row.kind === 'planning')!.workflow_id;
    expect(byWorkflow.rows.map((row) => row.key).sort()).toEqual([workflowId, null].sort());
    expect(byWorkflow.rows.find((row) => row.key === workflowId)!.calls).toBe(rows.filter((row) => row.workflow_id === workflowId).length);
    expect(byWorkflow.totals).toEqual(totals);

    // A range that ends before today holds nothing.
    const empty = await usage(alice, '?from=2020-01-01&to=2020-02-01');
    expect(empty).toMatchObject({ rows: [], totals: { inputTokens: 0, outputTokens: 0, calls: 0, images: 0, cost: 0 } });
  });

  it('shows members their own usage, owners and admins the team\'s; another team sees none of it', async () => {
    const [bob, carol, dave] = [await signUp(app), await signUp(app), await signUp(app)];
    await joinTeam(app, alice, alice.teamId, bob, 'member');
    await joinTeam(app, alice, alice.teamId, carol, 'admin');
    for (const user of [bob, carol]) await api(app, user).post(`/api/teams/${alice.teamId}/activate`).expect(200);
    const before = (await rowsOf(alice.teamId)).length;
    await chat(app, bob, { messages: [userMessage('Hello there')] });
    // Routing, the reply, the title.
    const bobs = (await rowsWhen(alice.teamId, before + 3)).slice(before);
    expect(bobs.map((row) => row.user_id)).toEqual([bob.userId, bob.userId, bob.userId]);

    const own = await usage(bob, '?groupBy=user');
    expect(own.scope).toBe('own');
    expect(own.rows).toEqual([expect.objectContaining({ key: bob.userId, calls: 3 })]);
    expect(own.totals.calls).toBe(3);

    const all = (await rowsOf(alice.teamId)).length;
    for (const manager of [alice, carol]) {
      const team = await usage(manager, '?groupBy=user');
      expect(team.scope).toBe('team');
      expect(team.totals.calls).toBe(all);
      expect(team.rows.map((row) => row.key).sort()).toEqual([alice.userId, bob.userId].sort());
    }

    // Dave's own team has used nothing.
    expect(await usage(dave)).toMatchObject({ scope: 'team', rows: [], totals: { calls: 0 } });
  });

  it('refuses bad queries with 400', async () => {
    expectError(await api(app, alice).get('/api/usage?from=yesterday'), 400, [/^from must be an ISO 8601 date$/]);
    expectError(await api(app, alice).get('/api/usage?to=2026-13-01'), 400, [/^to must be an ISO 8601 date$/]);
    expectError(await api(app, alice).get('/api/usage?groupBy=week'), 400, [/^groupBy must be one of: day, model, user, workflow$/]);
    expectError(await api(app, alice).get('/api/usage?from=2026-03-01&to=2026-03-01'), 400, 'from must be before to');
    expectError(await api(app, alice).get('/api/usage?from=2026-03-02&to=2026-03-01'), 400, 'from must be before to');
    expectError(await api(app, alice).get('/api/usage?from=2024-01-01&to=2025-01-02'), 400, 'from and to may be at most 366 days apart');
    // A leap year's 366 days are fine.
    await api(app, alice).get('/api/usage?from=2024-01-01&to=2025-01-01').expect(200);
    await api(app).get('/api/usage').expect(401);
  });

  it('never holds a reply back: with the ledger\'s table locked the reply completes, and its rows follow the unlock', async () => {
    const before = (await rowsOf(alice.teamId)).length;
    const lock = app.get(DataSource).createQueryRunner();
    await lock.connect();
    await lock.startTransaction();
    try {
      // Inserts wait; reads (the count below) do not.
      await lock.query('LOCK TABLE usage_records IN EXCLUSIVE MODE');
      await chat(app, alice, { messages: [userMessage('Hello')] });
      // The ledger is waiting on the lock with the first reply's rows.
      await waitFor(async () => {
        const [{ count }] = await app
          .get(DataSource)
          .query<{ count: number }[]>(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO usage_records%'`);
        return count > 0;
      }, 'the ledger waiting on the lock');
      expect((await rowsOf(alice.teamId)).length).toBe(before);
      const started = Date.now();
      const reply = await chat(app, alice, { messages: [userMessage('Tell me something nice')] });
      expect(textOfMessage(reply.message)).toMatch(/offline model/);
      expect(Date.now() - started).toBeLessThan(1000);
      expect((await rowsOf(alice.teamId)).length).toBe(before);
    } finally {
      await lock.rollbackTransaction();
      await lock.release();
    }
    // Each new conversation's title is written once its reply is stored, alongside the next request.
    const rows = (await rowsWhen(alice.teamId, before + 6)).slice(before);
    expect(rows.map((row) => row.kind).sort()).toEqual(['chat', 'chat', 'routing', 'routing', 'title', 'title']);
  });
});
