import type { LanguageModelV4Middleware, LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { INestApplication } from '@nestjs/common';
import { type UIMessage, wrapLanguageModel } from 'ai';
import { ModelRegistry } from '../../../src/llm/model-registry.service.js';
import type { RetriedRunResponse, RunDetailResponse } from '../../../src/runs/runs.response.js';
import type { WorkflowRunResponse } from '../../../src/workflows/workflows.response.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { waitForRun } from '../../helpers/runs.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** Two steps; the second (index 1) is reviewed. */
const REVIEWED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it.';
/** Two steps; the first (index 0) is reviewed. */
const REVIEWED_FIRST_GOAL = 'Write a LinkedIn post about our offsite and have the team review it. Then outline a follow-up LinkedIn post.';

/**
 * The workflow step of each model call (from "Step 2 of 2" in its instruction: 1), in order: every
 * run-step call the model answers passes here (a step's tool loop makes several), so a step whose
 * output was reused never shows up.
 */
function countStepCalls(app: INestApplication): number[] {
  const calls: number[] = [];
  const registry = app.get(ModelRegistry);
  const resolve = registry.resolve.bind(registry);
  const counter: LanguageModelV4Middleware = {
    specificationVersion: 'v4',
    wrapStream: ({ doStream, params }) => {
      const step = stepOf(params.prompt);
      if (step !== undefined) calls.push(step);
      return doStream();
    },
  };
  vi.spyOn(registry, 'resolve').mockImplementation((requested, charge) => {
    const resolved = resolve(requested, charge);
    return { ...resolved, model: wrapLanguageModel({ model: resolved.model, middleware: counter }) };
  });
  return calls;
}

function stepOf(prompt: LanguageModelV4Prompt): number | undefined {
  const last = prompt.findLast((message) => message.role === 'user');
  const text = last?.content.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? '';
  const match = /\(Step (\d+) of \d+ of the workflow/.exec(text);
  return match ? Number(match[1]) - 1 : undefined;
}

describe('run retries: a new run from a step, reusing what came before', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let alice: TestUser;
  let bob: TestUser;
  let stepCalls: number[];
  const mails = new Map<string, number>();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    [alice, bob] = [await signUp(app), await signUp(app)];
    stepCalls = countStepCalls(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const stepsCalled = () => [...new Set(stepCalls)];
  const follow = (path: string) => api(app).get(path).set('User-Agent', BROWSER);

  /** The next mail of this kind to the user (counted per user and kind). */
  async function nextMail(user: TestUser, subject: RegExp) {
    const key = `${user.email} ${subject.source}`;
    const count = (mails.get(key) ?? 0) + 1;
    mails.set(key, count);
    return mailTo(smtp, user.email, subject, count);
  }

  async function activeWorkflow(user: TestUser, goal: string): Promise<string> {
    const created = await createWorkflow(app, user, { goal });
    const mail = await nextMail(user, /^Approve the plan/);
    await follow(pathOf(mail.links.find((link) => link.includes('/approve?token='))!)).expect(302);
    return created.workflowId;
  }

  async function approveStep(user: TestUser): Promise<void> {
    const mail = await nextMail(user, /^Approve step/);
    await follow(pathOf(mail.links.find((link) => link.endsWith('action=approve'))!)).expect(302);
  }

  async function start(user: TestUser, workflowId: string): Promise<{ runId: number; conversationId: string }> {
    return (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number; conversationId: string };
  }

  const retry = (user: TestUser, workflowId: string, runId: number, body: object = {}) => api(app, user).post(`/api/workflows/${workflowId}/runs/${runId}/retry`).send(body);
  const detail = async (user: TestUser, workflowId: string, runId: number) =>
    (await api(app, user).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;
  const messagesOf = async (user: TestUser, conversationId: string) =>
    ((await api(app, user).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body as { messages: UIMessage[] }).messages;
  const assetsOf = async (user: TestUser, runId: number) =>
    (await api(app, user).get(`/api/assets?runId=${runId}`).expect(200)).body as { id: number; type: string; content: string; runId: number; conversationId: string }[];

  it('retries a completed run from its reviewed step: the first step is reused (no model call), the retry pauses for approval again and completes', async () => {
    const workflowId = await activeWorkflow(alice, REVIEWED_GOAL);
    const original = await start(alice, workflowId);
    await waitForRun(app, alice, workflowId, original.runId, 'awaiting_approval');
    await approveStep(alice);
    await waitForRun(app, alice, workflowId, original.runId, 'completed');
    const originalAssets = await assetsOf(alice, original.runId);
    expect(originalAssets.map((asset) => asset.type).sort()).toEqual(['post_outline', 'social_post']);

    stepCalls.length = 0;
    const retried = await retry(alice, workflowId, original.runId, { fromStep: 1 }).expect(201);
    const body = retried.body as RetriedRunResponse;
    expect(body).toEqual({ runId: expect.any(Number), conversationId: expect.any(String), message: 'Workflow run started', retryOf: original.runId, startStepIndex: 1 });
    expect(body.conversationId).not.toBe(original.conversationId);

    const paused = await waitForRun(app, alice, workflowId, body.runId, 'awaiting_approval');
    expect(paused).toMatchObject({ runNumber: 2, currentStepIndex: 1, retryOf: original.runId, startStepIndex: 1, trigger: 'manual' });
    await approveStep(alice);
    await waitForRun(app, alice, workflowId, body.runId, 'completed');
    // The model was called for step 1 only: step 0's output came from the original run.
    expect(stepsCalled()).toEqual([1]);

    // The new conversation holds the original's step 0 exactly, then the retry's own step 1.
    const originalMessages = await messagesOf(alice, original.conversationId);
    const messages = await messagesOf(alice, body.conversationId);
    expect(messages.slice(0, 2)).toEqual(originalMessages.slice(0, 2));
    expect(messages.map((message) => message.id)).toEqual([
      `run-${original.runId}-step-0-attempt-1-instruction`,
      `run-${original.runId}-step-0-attempt-1-reply`,
      `run-${body.runId}-step-1-attempt-1-instruction`,
      `run-${body.runId}-step-1-attempt-1-reply`,
    ]);
    expect(textOfMessage(messages[2])).toContain('Step 1 (Outline a LinkedIn post about our product launch) produced:');

    // Assets: the reused step's outline is the retry's too (a copy under the new run), the post is new.
    const assets = await assetsOf(alice, body.runId);
    expect(assets.map((asset) => asset.type).sort()).toEqual(['post_outline', 'social_post']);
    expect(assets.every((asset) => asset.runId === body.runId && asset.conversationId === body.conversationId)).toBe(true);
    const outline = (list: typeof assets) => list.find((asset) => asset.type === 'post_outline')!;
    expect(outline(assets).content).toBe(outline(originalAssets).content);
    expect(outline(assets).id).not.toBe(outline(originalAssets).id);
    // The original keeps its own.
    expect((await assetsOf(alice, original.runId)).map((asset) => asset.id).sort()).toEqual(originalAssets.map((asset) => asset.id).sort());

    // The linked runs, both ways, with each step's attempts.
    const retriedDetail = await detail(alice, workflowId, body.runId);
    expect(retriedDetail).toMatchObject({ id: body.runId, status: 'completed', retryOf: original.runId, startStepIndex: 1, instructionOverride: null, retriedBy: [] });
    expect(retriedDetail.steps).toMatchObject([
      { stepIndex: 0, status: 'completed', attempt: 1, modelAttempts: 0, reusedFrom: original.runId },
      { stepIndex: 1, status: 'completed', attempt: 1, modelAttempts: 1, reusedFrom: null },
    ]);
    const originalDetail = await detail(alice, workflowId, original.runId);
    expect(originalDetail).toMatchObject({ retryOf: null, startStepIndex: 0, retriedBy: [body.runId] });
    expect(originalDetail.steps.map((step) => step.modelAttempts)).toEqual([1, 1]);
    const runs = ((await api(app, alice).get(`/api/workflows/${workflowId}`).expect(200)).body as { workflowRuns: WorkflowRunResponse[] }).workflowRuns;
    expect(runs.map((run) => [run.id, run.retryOf, run.startStepIndex])).toEqual([
      [body.runId, original.runId, 1],
      [original.runId, null, 0],
    ]);

    // A completed run retried without fromStep runs again from the first step.
    stepCalls.length = 0;
    const rerun = (await retry(alice, workflowId, body.runId).expect(201)).body as RetriedRunResponse;
    expect(rerun).toMatchObject({ retryOf: body.runId, startStepIndex: 0 });
    await waitForRun(app, alice, workflowId, rerun.runId, 'awaiting_approval');
    expect(stepsCalled()).toEqual([0, 1]);
    await approveStep(alice);
    await waitForRun(app, alice, workflowId, rerun.runId, 'completed');
  });

  it('retries a run stopped at its reviewed step, by default from that step, with a replacement instruction for this run only; refuses what it cannot retry', async () => {
    const workflowId = await activeWorkflow(bob, REVIEWED_GOAL);
    const original = await start(bob, workflowId);
    await waitForRun(app, bob, workflowId, original.runId, 'awaiting_approval');
    await nextMail(bob, /^Approve step/);
    expectError(await retry(bob, workflowId, original.runId), 422, 'The run is still in progress: stop it before retrying it');
    await api(app, bob).post(`/api/workflows/${workflowId}/runs/${original.runId}/stop`).expect(200);

    // Bad bodies, another team, steps out of reach.
    expectError(await retry(bob, workflowId, original.runId, { fromStep: -1 }), 400);
    expectError(await retry(bob, workflowId, original.runId, { fromStep: 'one' }), 400);
    expectError(await retry(bob, workflowId, original.runId, { instruction: 'x'.repeat(1001) }), 400);
    expectError(await retry(alice, workflowId, original.runId), 404, 'Workflow not found');
    expectError(await retry(bob, workflowId, 999_999), 404, 'Run not found');
    expectError(await retry(bob, workflowId, original.runId, { fromStep: 2 }), 422, "fromStep must be below 2, the workflow's step count");

    stepCalls.length = 0;
    const instruction = 'Write the LinkedIn post as a short poem';
    const body = (await retry(bob, workflowId, original.runId, { instruction }).expect(201)).body as RetriedRunResponse;
    expect(body).toMatchObject({ retryOf: original.runId, startStepIndex: 1 });
    await waitForRun(app, bob, workflowId, body.runId, 'awaiting_approval');
    expect(stepsCalled()).toEqual([1]);

    // One run at a time: the original cannot be retried again while its retry waits.
    expectError(await retry(bob, workflowId, original.runId), 409, 'A run of this workflow is already running or awaiting approval');

    const messages = await messagesOf(bob, body.conversationId);
    expect(messages[2].id).toBe(`run-${body.runId}-step-1-attempt-1-instruction`);
    expect(textOfMessage(messages[2]).startsWith(instruction)).toBe(true);
    expect((await detail(bob, workflowId, body.runId)).instructionOverride).toBe(instruction);
    // The workflow's plan is unchanged.
    const workflow = (await api(app, bob).get(`/api/workflows/${workflowId}`).expect(200)).body as { workflowSteps: { description: string }[] };
    expect(workflow.workflowSteps[1].description).toBe('Write the LinkedIn post');

    await approveStep(bob);
    await waitForRun(app, bob, workflowId, body.runId, 'completed');

    // A draft workflow (its plan being edited) cannot run.
    await api(app, bob)
      .post(`/api/workflows/${workflowId}/steps`)
      .send({ steps: [{ description: 'Write a LinkedIn post' }] })
      .expect((response) => expect(response.status).toBeLessThan(300));
    expectError(await retry(bob, workflowId, body.runId, { fromStep: 0 }), 422, 'The workflow is not active: approve its plan first');
  });

  it('refuses a step past the one a stopped run reached: there is nothing before it to reuse', async () => {
    const workflowId = await activeWorkflow(alice, REVIEWED_FIRST_GOAL);
    const original = await start(alice, workflowId);
    await waitForRun(app, alice, workflowId, original.runId, 'awaiting_approval');
    await nextMail(alice, /^Approve step/);
    await api(app, alice).post(`/api/workflows/${workflowId}/runs/${original.runId}/stop`).expect(200);

    expectError(await retry(alice, workflowId, original.runId, { fromStep: 1 }), 422, /^fromStep 1 is past the step this run reached/);
    stepCalls.length = 0;
    const body = (await retry(alice, workflowId, original.runId).expect(201)).body as RetriedRunResponse;
    expect(body.startStepIndex).toBe(0);
    await waitForRun(app, alice, workflowId, body.runId, 'awaiting_approval');
    expect(stepsCalled()).toEqual([0]);
    expect(await assetsOf(alice, body.runId)).toHaveLength(1);
  });
});
