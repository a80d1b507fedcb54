import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TeamBudgetResponse } from '../../../src/usage/budget.response.js';
import { UsageLedger } from '../../../src/usage/usage-ledger.service.js';
import type { RunDetailResponse } from '../../../src/runs/runs.response.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { FakeOpenAI } from '../../helpers/fake-openai.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { REAL_MODEL_ID, spendOnRealModel } from '../../helpers/usage.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { REVIEWED_GOAL } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** The free plan's monthly tokens here; each test's team sets its own, smaller budget below it. */
const PLAN_TOKENS = 5_000_000;
const EXHAUSTED = /^The team's monthly token budget \(\d+ tokens\) is used up; it resets on \d{4}-\d{2}-01$/;
const BUDGET_MAIL = /has used \d+% of its monthly tokens$/;

/** Issue 18: monthly token budgets, the 80% mail, 402 at 100%, and runs that wait for the budget. */
describe('token budgets', () => {
  let app: INestApplication;
  let db: DataSource;
  const provider = new FakeOpenAI();

  beforeAll(async () => {
    const baseUrl = await provider.start();
    app = await createTestApp({
      env: { MONTHLY_TOKENS_FREE: String(PLAN_TOKENS), RATE_LIMIT_FREE: '1000', RUN_SWEEP_SECONDS: '1', LOG_LEVEL: 'error', OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: 'sk-test' },
    });
    await resetDatabase(app);
    db = app.get(DataSource);
  });
  afterAll(async () => {
    await app?.close();
    await provider.stop();
  });

  const budgetOf = async (user: TestUser, teamId = user.teamId): Promise<TeamBudgetResponse> =>
    (await api(app, user).get(`/api/teams/${teamId}/budget`).expect(200)).body as TeamBudgetResponse;
  const setBudget = (user: TestUser, monthlyTokens: number | null, teamId = user.teamId) =>
    api(app, user).put(`/api/teams/${teamId}/budget`).send({ monthlyTokens });
  const count = async (sql: string, teamId: string): Promise<number> => (await db.query<{ count: number }[]>(sql, [teamId]))[0].count;
  const budgetMails = (teamId: string) =>
    db.query<{ to_address: string; subject: string; text: string }[]>(`SELECT to_address, subject, text FROM mail_outbox WHERE team_id = $1 ORDER BY id`, [teamId]).then((rows) =>
      rows.filter((row) => BUDGET_MAIL.test(row.subject)),
    );
  /** A chat turn on the real provider's model, which spends the budget. */
  const say = (user: TestUser, text: string, conversationId?: string) => chat(app, user, { messages: [userMessage(text)], conversationId, modelId: REAL_MODEL_ID });

  it('owners set a team budget up to the plan’s; members read it; null clears it', async () => {
    const [owner, member, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    await joinTeam(app, owner, owner.teamId, member);

    expect(await budgetOf(owner)).toMatchObject({ plan: 'free', planMonthlyTokens: PLAN_TOKENS, teamMonthlyTokens: null, monthlyTokens: PLAN_TOKENS, used: 0, percent: 0 });
    const set = (await setBudget(owner, 1000).expect(200)).body as TeamBudgetResponse;
    expect(set).toMatchObject({ teamMonthlyTokens: 1000, monthlyTokens: 1000 });
    const now = new Date();
    expect(set.resetsAt).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
    expect(await budgetOf(member, owner.teamId)).toMatchObject({ monthlyTokens: 1000 });

    expectError(await setBudget(owner, PLAN_TOKENS + 1), 400, `monthlyTokens may be at most the plan's ${PLAN_TOKENS} tokens a month`);
    expectError(await setBudget(owner, 0), 400);
    expectError(await api(app, owner).put(`/api/teams/${owner.teamId}/budget`).send({}), 400);
    expectError(await setBudget(member, 2000, owner.teamId), 403, "Only the team's owners set its budget");
    expectError(await setBudget(stranger, 2000, owner.teamId), 404);
    expectError(await api(app, stranger).get(`/api/teams/${owner.teamId}/budget`), 404);
    expect(await budgetOf(owner)).toMatchObject({ teamMonthlyTokens: 1000 });

    expect(((await setBudget(owner, null).expect(200)).body as TeamBudgetResponse).monthlyTokens).toBe(PLAN_TOKENS);
  });

  it('mails the owners once when the team passes 80%, then refuses replies and plans with 402, storing nothing; other teams go on', async () => {
    const [alice, other] = [await signUp(app), await signUp(app)];
    const first = await say(alice, 'Write a LinkedIn post about our new office');
    await app.get(UsageLedger).flush();
    const used = (await budgetOf(alice)).used;
    expect(used).toBeGreaterThan(0);
    // 80% lies half a reply past what the first reply used.
    const limit = Math.ceil((used * 1.5) / 0.8);
    await setBudget(alice, limit).expect(200);
    expect(await budgetMails(alice.teamId)).toHaveLength(0);

    let refused: Awaited<ReturnType<ReturnType<typeof api>['post']>> | undefined;
    for (let turn = 0; turn < 20 && !refused; turn++) {
      const response = await api(app, alice)
        .post('/api/assistant/router')
        .send({ messages: [userMessage(`And one more post, number ${turn}`)], conversationId: first.conversationId, modelId: REAL_MODEL_ID });
      if (response.status === 402) refused = response;
      else expect(response.status).toBe(200);
    }
    if (!refused) throw new Error('The budget never refused a reply');
    expectError(refused, 402, EXHAUSTED);
    expect(refused.body).toEqual({ statusCode: 402, error: 'Payment Required', message: expect.stringMatching(EXHAUSTED) as string });

    // Exactly one mail, to the owner, in the outbox, however many replies went past 80%. The mail is
    // queued after the reply that crossed 80% ended, so the refusal can come back before it commits.
    const mails = await waitFor(async () => {
      const queued = await budgetMails(alice.teamId);
      return queued.length > 0 && queued;
    }, 'the budget mail');
    expect(mails).toEqual([expect.objectContaining({ to_address: alice.email.toLowerCase() })]);
    expect(mails[0].text).toContain(`of its ${limit.toLocaleString('en-US')} tokens this month`);
    const budget = await budgetOf(alice);
    expect(budget.used).toBeGreaterThanOrEqual(limit);
    expect(budget.percent).toBeGreaterThanOrEqual(100);

    // A refused reply, workflow plan or OpenAI-style completion asks no model and stores nothing.
    await app.get(UsageLedger).flush();
    const before = {
      usage: await count('SELECT count(*)::int AS count FROM usage_records WHERE team_id = $1', alice.teamId),
      conversations: await count('SELECT count(*)::int AS count FROM conversations WHERE team_id = $1', alice.teamId),
      messages: await count('SELECT count(*)::int AS count FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.team_id = $1', alice.teamId),
    };
    expectError(await api(app, alice).post('/api/assistant/router').send({ messages: [userMessage('A new conversation')] }), 402, EXHAUSTED);
    expectError(await api(app, alice).post('/api/workflows').send({ goal: 'Write a LinkedIn post about our week' }), 402, EXHAUSTED);
    expect(await count('SELECT count(*)::int AS count FROM workflows WHERE team_id = $1', alice.teamId)).toBe(0);
    await app.get(UsageLedger).flush();
    expect({
      usage: await count('SELECT count(*)::int AS count FROM usage_records WHERE team_id = $1', alice.teamId),
      conversations: await count('SELECT count(*)::int AS count FROM conversations WHERE team_id = $1', alice.teamId),
      messages: await count('SELECT count(*)::int AS count FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.team_id = $1', alice.teamId),
    }).toEqual(before);
    expect(await budgetMails(alice.teamId)).toHaveLength(1);

    // Another team has its own budget.
    await say(other, 'Write a LinkedIn post about our new office');
    await createWorkflow(app, other, { goal: 'Write a LinkedIn post about our week' });

    // Raised again, the team's replies go on; no second mail this month.
    await setBudget(alice, null).expect(200);
    await say(alice, 'One more post, please', first.conversationId);
    expect(await budgetMails(alice.teamId)).toHaveLength(1);
  });

  it('a run that meets the used-up budget at a step waits, keeps its finished steps, and completes once the owner raises the budget', async () => {
    const carol = await signUp(app);
    const { workflowId } = await createWorkflow(app, carol, { goal: REVIEWED_GOAL });
    // Two steps, the first reviewed: the run stops after it, and the budget is used up meanwhile.
    await db.query(`UPDATE workflow_steps SET requires_approval = (step_index = 0) WHERE workflow_id = $1`, [workflowId]);
    await db.query(`UPDATE workflows SET status = 'active', approved_at = now() WHERE id = $1`, [workflowId]);
    const { runId } = (await api(app, carol).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, carol, workflowId, runId, 'awaiting_approval');
    const detail = async () => (await api(app, carol).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;
    const firstStep = (await db.query<{ output_message_id: string; output_text: string }[]>(
      'SELECT output_message_id, output_text FROM run_steps WHERE run_id = $1 AND step_index = 0',
      [runId],
    ))[0];

    await spendOnRealModel(app, carol, 10);
    await setBudget(carol, 1).expect(200);
    await api(app, carol).post(`/api/workflows/${workflowId}/runs/${runId}/decision`).send({ action: 'approve', stepIndex: 0 }).expect(200);
    const waiting = await waitForRun(app, carol, workflowId, runId, 'awaiting_budget');
    expect(waiting.reason).toMatch(EXHAUSTED);
    expect(waiting.currentStepIndex).toBe(1);
    // The conversation's summary is written in the move's transaction: it shows the wait already.
    const [{ summary }] = await db.query<{ summary: { status: string } }[]>(
      'SELECT c.workflow_run AS summary FROM conversations c JOIN workflow_runs r ON r.conversation_id = c.id WHERE r.id = $1',
      [runId],
    );
    expect(summary.status).toBe('awaiting_budget');
    expect((await detail()).steps[0]).toMatchObject({ stepIndex: 0, status: 'completed' });
    // It still holds the workflow's one run in progress.
    expectError(await api(app, carol).post(`/api/workflows/${workflowId}/run`), 409);
    // It stays waiting while the budget is used up (the sweeper runs every second).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await waitForRun(app, carol, workflowId, runId, () => true)).status).toBe('awaiting_budget');
    await app.get(UsageLedger).flush();
    const callsOf = (stepIndex: number) =>
      count(`SELECT count(*)::int AS count FROM usage_records WHERE team_id = $1 AND run_id = ${runId} AND step_index = ${stepIndex}`, carol.teamId);
    const stepZeroCalls = await callsOf(0);
    expect(stepZeroCalls).toBeGreaterThan(0);
    expect(await callsOf(1)).toBe(0);

    await setBudget(carol, null).expect(200);
    const completed = await waitForRun(app, carol, workflowId, runId, 'completed');
    expect(completed.reason).toBeNull();
    // The first step was not done again: its reply is the one it made before the wait.
    const after = await detail();
    expect(after.steps.map((step) => step.status)).toEqual(['completed', 'completed']);
    const [kept] = await db.query<{ output_message_id: string; output_text: string }[]>(
      'SELECT output_message_id, output_text FROM run_steps WHERE run_id = $1 AND step_index = 0',
      [runId],
    );
    expect(kept).toEqual(firstStep);
    await app.get(UsageLedger).flush();
    expect(await callsOf(0)).toBe(stepZeroCalls);
    expect(await callsOf(1)).toBeGreaterThan(0);
  });

  it('a run waiting for the budget can be stopped; one started with the budget used up waits before its first step', async () => {
    const dave = await signUp(app);
    const { workflowId } = await createWorkflow(app, dave, { goal: 'Write a LinkedIn post about our week' });
    await db.query(`UPDATE workflows SET status = 'active', approved_at = now() WHERE id = $1`, [workflowId]);
    await spendOnRealModel(app, dave, 10);
    await setBudget(dave, 1).expect(200);
    const { runId } = (await api(app, dave).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    const waiting = await waitForRun(app, dave, workflowId, runId, 'awaiting_budget');
    expect(waiting.currentStepIndex).toBe(0);
    await api(app, dave).post(`/api/workflows/${workflowId}/runs/${runId}/stop`).expect(200);
    const stopped = await waitForRun(app, dave, workflowId, runId, 'failed');
    expect(stopped.reason).toMatch(/stopped/i);
  });

  it('a run waiting for the budget resumes in a new month (last month’s usage no longer counts)', async () => {
    const erin = await signUp(app);
    const { workflowId } = await createWorkflow(app, erin, { goal: 'Write a LinkedIn post about our week' });
    await db.query(`UPDATE workflows SET status = 'active', approved_at = now() WHERE id = $1`, [workflowId]);
    await spendOnRealModel(app, erin, 100_000);
    // Just what the team spent: the budget is used up before the run's first step.
    await setBudget(erin, 100_000).expect(200);
    const { runId } = (await api(app, erin).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, erin, workflowId, runId, 'awaiting_budget');
    // The month turns: this month's rows become last month's.
    await db.query(`UPDATE usage_records SET created_at = date_trunc('month', now()) - interval '1 day' WHERE team_id = $1`, [erin.teamId]);
    await waitForRun(app, erin, workflowId, runId, 'completed');
  });

  it('offline-model turns are recorded but spend no budget: answered past it; a real model’s turns past it are refused as before (issue 35)', async () => {
    const gina = await signUp(app);
    await setBudget(gina, 50).expect(200);
    // Three offline turns, each far more than the 50 tokens: all answered, all in the ledger.
    const offline = await chat(app, gina, { messages: [userMessage('Write a LinkedIn post about our new office')], modelId: 'offline' });
    for (const text of ['And another about our team', 'And one about our customers']) {
      await chat(app, gina, { messages: [userMessage(text)], conversationId: offline.conversationId, modelId: 'offline' });
    }
    await app.get(UsageLedger).flush();
    const [ledger] = await db.query<{ offline: number; calls: number }[]>(
      `SELECT coalesce(sum(input_tokens + output_tokens), 0)::int AS offline, count(*)::int AS calls FROM usage_records WHERE team_id = $1 AND model_id = 'offline'`,
      [gina.teamId],
    );
    expect(ledger.offline).toBeGreaterThan(50);
    expect(ledger.calls).toBeGreaterThanOrEqual(6);
    expect(await budgetOf(gina)).toMatchObject({ monthlyTokens: 50, used: 0, percent: 0 });
    // The usage report still shows them, under the offline model.
    const report = (await api(app, gina).get('/api/usage?groupBy=model').expect(200)).body as { rows: { key: string; inputTokens: number; outputTokens: number }[] };
    expect(report.rows.find((row) => row.key === 'offline')).toMatchObject({ inputTokens: expect.any(Number) as number });
    // A workflow planned offline is allowed too.
    await createWorkflow(app, gina, { goal: 'Write a LinkedIn post about our week' });

    // The real provider's turn spends the budget; past it, the next is refused and stores nothing.
    await say(gina, 'Write a LinkedIn post about our new office');
    await app.get(UsageLedger).flush();
    expect((await budgetOf(gina)).used).toBeGreaterThanOrEqual(50);
    expectError(await api(app, gina).post('/api/assistant/router').send({ messages: [userMessage('One more, please')], modelId: REAL_MODEL_ID }), 402, EXHAUSTED);
  });

  it('counts by the database’s month on an instance whose clock is already in the next one', async () => {
    const [{ monthEnd }] = await db.query<{ monthEnd: Date }[]>(
      `SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC' AS "monthEnd"`,
    );
    // This instance's clock an hour into the next month; the database's stays in this one. (Last
    // in the file: the clock goes back when the test ends.)
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    vi.setSystemTime(monthEnd.getTime() + 3_600_000);

    const frank = await signUp(app);
    await say(frank, 'Write a LinkedIn post about our new office');
    await app.get(UsageLedger).flush();
    // The call is recorded in the database's month, and the budget counts it there.
    const [{ total, later }] = await db.query<{ total: number; later: number }[]>(
      `SELECT coalesce(sum(input_tokens + output_tokens), 0)::int AS total, count(*) FILTER (WHERE created_at >= $2)::int AS later FROM usage_records WHERE team_id = $1 AND model_id = $3`,
      [frank.teamId, monthEnd, REAL_MODEL_ID],
    );
    expect(total).toBeGreaterThan(0);
    expect(later).toBe(0);
    expect(await budgetOf(frank)).toMatchObject({ used: total, resetsAt: monthEnd.toISOString() });
  });
});
