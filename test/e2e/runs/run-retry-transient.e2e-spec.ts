import type { IncomingMessage, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import type { RetriedRunResponse, RunDetailResponse } from '../../../src/runs/runs.response.js';
import { api } from '../../helpers/api.js';
import { type ChatCompletionRequest, LocalOpenAIServer, readJson, sendJson } from '../../helpers/fake-openai.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** How a streamed call is answered: a 500, a reply cut off by a dropped connection, or a whole reply. */
type Outcome = 'fail' | 'cut' | 'ok';

/**
 * An OpenAI-compatible server whose streamed calls are answered by a script, one outcome per
 * call in order (then `ok`). It records the workflow step of every streamed call it gets.
 */
class FlakyOpenAI extends LocalOpenAIServer {
  /** The step (0-based, from "Step 2 of 2" in the instruction) of each streamed call. */
  readonly stepCalls: number[] = [];
  script: Outcome[] = [];

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson<ChatCompletionRequest>(req);
    const step = /\(Step (\d+) of \d+ of the workflow/.exec(JSON.stringify(body.messages?.findLast((message) => message.role === 'user')?.content ?? ''));
    this.stepCalls.push(step ? Number(step[1]) - 1 : -1);
    const outcome = this.script.shift() ?? 'ok';
    if (outcome === 'fail') return sendJson(res, { error: { message: 'The server had an error', type: 'server_error', code: null } }, 500);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ content: 'Here is ' }));
    if (outcome === 'cut') {
      // The connection goes away mid-reply: the chunked body never ends.
      res.socket?.end();
      return;
    }
    res.write(chunk({ content: `the output of step ${step?.[1] ?? '?'}.` }));
    res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
  }
}

/** DESIGN "Runs": a transient model failure is tried again within the step; a failed run is retried without calling the model for what it reused. */
describe('run steps and transient model errors', () => {
  const model = new FlakyOpenAI();
  let app: INestApplication;
  let user: TestUser;

  beforeAll(async () => {
    const baseUrl = await model.start();
    app = await createTestApp({ env: { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: 'sk-test', DEFAULT_MODEL: 'openai:gpt-test', RUN_STEP_ATTEMPTS: '3', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(async () => {
    await app?.close();
    await model.stop();
  });
  beforeEach(() => {
    model.stepCalls.length = 0;
    model.script = [];
  });

  /** An active two-step workflow of the user's team, written directly: its plan needs no model. */
  async function twoStepWorkflow(): Promise<string> {
    const dataSource = app.get(DataSource);
    const [workflow] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO workflows (team_id, title, goal, status, approved_at) VALUES ($1, 'Launch post', 'Announce the launch', 'active', now()) RETURNING id`,
      [user.teamId],
    );
    await dataSource.query(
      `INSERT INTO workflow_steps (workflow_id, step_index, description, agent_id) VALUES ($1, 0, 'Outline the post', 'general'), ($1, 1, 'Write the post', 'general')`,
      [workflow.id],
    );
    return workflow.id;
  }

  const start = async (workflowId: string) => (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number; conversationId: string };
  const detail = async (workflowId: string, runId: number) => (await api(app, user).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;

  it('tries a step again after a 500 and after a connection dropped mid-reply; the run completes and shows the attempts', async () => {
    const workflowId = await twoStepWorkflow();
    model.script = ['fail', 'ok', 'cut', 'ok'];
    const { runId, conversationId } = await start(workflowId);
    await waitForRun(app, user, workflowId, runId, 'completed');

    expect(model.stepCalls).toEqual([0, 0, 1, 1]);
    expect((await detail(workflowId, runId)).steps.map((step) => [step.stepIndex, step.modelAttempts])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    // The cut reply was not kept: each step has one instruction and one whole reply.
    const messages = ((await api(app, user).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body as { messages: UIMessage[] }).messages;
    expect(messages.map((message) => message.id)).toEqual([0, 1].flatMap((step) => [`run-${runId}-step-${step}-attempt-1-instruction`, `run-${runId}-step-${step}-attempt-1-reply`]));
    expect(JSON.stringify(messages[3].parts)).toContain('the output of step 2.');
  });

  it('fails the run after RUN_STEP_ATTEMPTS failed calls, with the reason; its retry calls the model for the failed step only', async () => {
    const workflowId = await twoStepWorkflow();
    model.script = ['ok', 'fail', 'fail', 'fail'];
    const original = await start(workflowId);
    const failed = await waitForRun(app, user, workflowId, original.runId, 'failed');
    expect(failed.reason).toBe('The agent failed while answering after 3 attempts: the model provider answered 500');
    expect(model.stepCalls).toEqual([0, 1, 1, 1]);
    expect((await detail(workflowId, original.runId)).steps.map((step) => [step.status, step.modelAttempts])).toEqual([
      ['completed', 1],
      ['running', 3],
    ]);

    model.stepCalls.length = 0;
    const retried = (await api(app, user).post(`/api/workflows/${workflowId}/runs/${original.runId}/retry`).send({}).expect(201)).body as RetriedRunResponse;
    expect(retried).toMatchObject({ retryOf: original.runId, startStepIndex: 1 });
    await waitForRun(app, user, workflowId, retried.runId, 'completed');
    // Counted by the model: one call, for step 1; step 0's output came from the failed run.
    expect(model.stepCalls).toEqual([1]);
    expect((await detail(workflowId, retried.runId)).steps).toMatchObject([
      { stepIndex: 0, status: 'completed', modelAttempts: 0, reusedFrom: original.runId },
      { stepIndex: 1, status: 'completed', modelAttempts: 1, reusedFrom: null },
    ]);
  });
});
