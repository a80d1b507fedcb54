import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { REVIEWED_GOAL } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { joinTeam } from '../../helpers/teams.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const ONE_STEP_GOAL = 'Write a LinkedIn post about our product launch.';
const PAYLOAD_MAX_BYTES = 2048;

interface CreatedToken {
  id: string;
  token: string;
}

describe('triggers: POST /api/workflows/:id/trigger with a trigger token', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let database: DataSource;
  let alice: TestUser;
  let mallory: TestUser;
  let planMails = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, TRIGGER_PAYLOAD_MAX_BYTES: String(PAYLOAD_MAX_BYTES), LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    database = app.get(DataSource);
    [alice, mallory] = [await signUp(app), await signUp(app)];
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  async function activeWorkflow(goal: string): Promise<string> {
    const created = await createWorkflow(app, alice, { goal });
    const mail = await mailTo(smtp, alice.email, /^Approve the plan/, ++planMails);
    await api(app).get(pathOf(mail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
    return created.workflowId;
  }

  async function tokenFor(workflowId: string, name = 'Signup form'): Promise<CreatedToken> {
    return (await api(app, alice).post(`/api/workflows/${workflowId}/trigger-tokens`).send({ name }).expect(201)).body as CreatedToken;
  }

  const trigger = (workflowId: string, token: string | null, payload: unknown = {}) => {
    const request = api(app).post(`/api/workflows/${workflowId}/trigger`);
    return (token === null ? request : request.set('Authorization', `Bearer ${token}`)).send(payload as object);
  };

  const runCount = async (workflowId: string) =>
    Number((await database.query<{ count: string }[]>('SELECT count(*) FROM workflow_runs WHERE workflow_id = $1', [workflowId]))[0].count);

  it('starts a run whose input is the payload: in the run record, in the step prompt, audited as the trigger token', async () => {
    const workflowId = await activeWorkflow(ONE_STEP_GOAL);
    const created = await tokenFor(workflowId);
    expect(created).toMatchObject({ id: expect.any(String), workflowId, name: 'Signup form', token: expect.stringMatching(/^wtt_/), lastUsedAt: null, revokedAt: null });
    // Hashed at rest: the secret is nowhere in the table.
    const [stored] = await database.query<{ token_hash: string }[]>('SELECT token_hash FROM workflow_trigger_tokens WHERE id = $1', [created.id]);
    expect(stored.token_hash).not.toContain(created.token.slice(4));

    const payload = { form: 'signup', email: 'new.customer@example.com', plan: 'pro' };
    const started = await trigger(workflowId, created.token, payload).expect(201);
    const { runId, conversationId } = started.body as { runId: number; conversationId: string };
    const finished = await waitForRun(app, alice, workflowId, runId, 'completed');
    expect(finished.trigger).toBe('trigger');

    const detail = (await api(app, alice).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as { input: unknown };
    expect(detail.input).toEqual(payload);
    const history = (await api(app, alice).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body as { messages: UIMessage[] };
    expect(textOfMessage(history.messages[0])).toContain(`The run was triggered with this JSON payload:\n${JSON.stringify(detail.input)}`);

    const [audit] = await database.query<{ actor_type: string; actor_token_id: string; actor_id: string | null }[]>(
      `SELECT actor_type, actor_token_id, actor_id FROM audit_events WHERE action = 'run.started' AND target_id = $1`,
      [String(runId)],
    );
    expect(audit).toEqual({ actor_type: 'trigger_token', actor_token_id: created.id, actor_id: null });
    const [listed] = (await api(app, alice).get(`/api/workflows/${workflowId}/trigger-tokens`).expect(200)).body as Record<string, unknown>[];
    expect(listed).toMatchObject({ id: created.id, lastUsedAt: expect.any(String) });
    expect(listed).not.toHaveProperty('token');
  });

  it('refuses a missing, malformed, unknown or revoked token with 401, and stores nothing', async () => {
    const workflowId = await activeWorkflow(ONE_STEP_GOAL);
    const created = await tokenFor(workflowId);
    expectError(await trigger(workflowId, null), 401, 'A valid trigger token for this workflow is required');
    expectError(await trigger(workflowId, 'not-a-token'), 401);
    expectError(await trigger(workflowId, `wtt_${'A'.repeat(43)}`), 401);
    // A session token is no trigger token.
    expectError(await trigger(workflowId, alice.token), 401);

    await api(app, alice).delete(`/api/workflows/${workflowId}/trigger-tokens/${created.id}`).expect(204);
    expectError(await trigger(workflowId, created.token), 401);
    expectError(await api(app, alice).delete(`/api/workflows/${workflowId}/trigger-tokens/${created.id}`), 404);
    expect(await runCount(workflowId)).toBe(0);
  });

  it("is scoped to its one workflow: useless on another workflow and as a session on any other route", async () => {
    const workflowA = await activeWorkflow(ONE_STEP_GOAL);
    const workflowB = await activeWorkflow(ONE_STEP_GOAL);
    const tokenA = await tokenFor(workflowA);
    expectError(await trigger(workflowB, tokenA.token), 401);
    expect(await runCount(workflowB)).toBe(0);
    expectError(await api(app, { token: tokenA.token }).get(`/api/workflows/${workflowA}`), 401);
    expectError(await api(app, { token: tokenA.token }).post(`/api/workflows/${workflowA}/run`), 401);
    expect(await runCount(workflowA)).toBe(0);
  });

  it('refuses a payload that is not a JSON object (400) or is too large (413), storing nothing', async () => {
    const workflowId = await activeWorkflow(ONE_STEP_GOAL);
    const { token } = await tokenFor(workflowId);
    expectError(await trigger(workflowId, token, [1, 2, 3]), 400, 'The payload must be a JSON object');
    expectError(await trigger(workflowId, token).set('Content-Type', 'application/json').send('"just a string"'), 400);
    expectError(await trigger(workflowId, token, { text: 'x'.repeat(PAYLOAD_MAX_BYTES) }), 413, `The payload may be at most ${PAYLOAD_MAX_BYTES} bytes of JSON`);
    expect(await runCount(workflowId)).toBe(0);
    await trigger(workflowId, token, { text: 'x'.repeat(PAYLOAD_MAX_BYTES - 20) }).expect(201);
  });

  it('has the manual run’s preconditions: 422 for a draft workflow, 409 while a run is in progress', async () => {
    const draft = await createWorkflow(app, alice, { goal: ONE_STEP_GOAL });
    ++planMails;
    const draftToken = await tokenFor(draft.workflowId);
    expectError(await trigger(draft.workflowId, draftToken.token), 422);
    expect(await runCount(draft.workflowId)).toBe(0);

    const reviewed = await activeWorkflow(REVIEWED_GOAL);
    const { token } = await tokenFor(reviewed);
    const { runId } = (await trigger(reviewed, token, { n: 1 }).expect(201)).body as { runId: number };
    await waitForRun(app, alice, reviewed, runId, 'awaiting_approval');
    expectError(await trigger(reviewed, token, { n: 2 }), 409, 'A run of this workflow is already running or awaiting approval');
    expect(await runCount(reviewed)).toBe(1);
  });

  it("manages tokens only within the team and by who may run the workflow", async () => {
    const workflowId = await activeWorkflow(ONE_STEP_GOAL);
    const created = await tokenFor(workflowId);
    expectError(await api(app, mallory).post(`/api/workflows/${workflowId}/trigger-tokens`).send({ name: 'x' }), 404);
    expectError(await api(app, mallory).get(`/api/workflows/${workflowId}/trigger-tokens`), 404);
    expectError(await api(app, mallory).delete(`/api/workflows/${workflowId}/trigger-tokens/${created.id}`), 404);
    expectError(await api(app, alice).post(`/api/workflows/${workflowId}/trigger-tokens`).send({ name: '' }), 400);
    expectError(await api(app, alice).post(`/api/workflows/${workflowId}/trigger-tokens`).send({ name: 'n'.repeat(101) }), 400);

    // A viewer may list the tokens but neither make nor revoke one.
    const viewer = await signUp(app);
    await joinTeam(app, alice, alice.teamId, viewer, 'viewer');
    await api(app, viewer).post(`/api/teams/${alice.teamId}/activate`).expect(200);
    await api(app, viewer).get(`/api/workflows/${workflowId}/trigger-tokens`).expect(200);
    expectError(await api(app, viewer).post(`/api/workflows/${workflowId}/trigger-tokens`).send({ name: 'x' }), 403);
    expectError(await api(app, viewer).delete(`/api/workflows/${workflowId}/trigger-tokens/${created.id}`), 403);
    const [{ count }] = await database.query<{ count: string }[]>('SELECT count(*) FROM workflow_trigger_tokens WHERE workflow_id = $1 AND revoked_at IS NULL', [workflowId]);
    expect(Number(count)).toBe(1);
  });
});
