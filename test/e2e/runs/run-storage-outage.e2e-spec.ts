import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { Client } from 'minio';
import { DataSource, QueryFailedError } from 'typeorm';
import { ConversationsService } from '../../../src/conversations/conversations.service.js';
import type { RunDetailResponse } from '../../../src/runs/runs.response.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { waitForRun } from '../../helpers/runs.js';
import { StoppableS3 } from '../../helpers/stoppable-s3.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';


/** DESIGN "Runs" and issue #29: object storage down while a step makes an image is a transient failure of the step, tried again. */
describe('run steps and object storage outages', () => {
  const bucket = 'assistant-e2e-outage';
  const s3 = new StoppableS3();
  let app: INestApplication;
  let user: TestUser;
  let client: Client;

  beforeAll(async () => {
    await s3.open();
    client = new Client({ endPoint: '127.0.0.1', port: s3.port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER' });
    app = await createTestApp({
      env: {
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        S3_BUCKET: bucket,
        S3_PUBLIC_URL: `${s3.endpoint}/${bucket}`,
        // Five calls, 300 ms, 600 ms, 1.2 s and 2.4 s apart: time enough to bring the store back.
        RUN_STEP_ATTEMPTS: '5',
        RUN_STEP_RETRY_BASE_MS: '300',
        LOG_LEVEL: 'silent',
      },
    });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(async () => {
    await app?.close();
    await s3.close();
  });
  afterEach(async () => {
    // Each test leaves the store up, whatever it did.
    await s3.start();
  });

  /** An active one-step workflow whose step makes an image, written directly: its plan needs no model. */
  async function imageWorkflow(): Promise<string> {
    const dataSource = app.get(DataSource);
    const [workflow] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO workflows (team_id, title, goal, status, approved_at) VALUES ($1, 'Launch visual', 'A launch visual', 'active', now()) RETURNING id`,
      [user.teamId],
    );
    await dataSource.query(`INSERT INTO workflow_steps (workflow_id, step_index, description, agent_id) VALUES ($1, 0, 'Make an image of a lighthouse at sunset', 'social')`, [
      workflow.id,
    ]);
    return workflow.id;
  }

  const start = async (workflowId: string) => (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number; conversationId: string };
  const detail = async (workflowId: string, runId: number) => (await api(app, user).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;
  const images = async (runId: number) => (await api(app, user).get(`/api/assets?runId=${runId}&type=image`).expect(200)).body as { id: number; content: string }[];
  const assetRows = async (runId: number) =>
    (await app.get(DataSource).query<{ count: number }[]>('SELECT count(*)::int AS count FROM assets WHERE run_id = $1', [runId]))[0].count;

  it('tries the step again while the store is down; back within the retries, the run completes with exactly one image', async () => {
    const workflowId = await imageWorkflow();
    await s3.stop();
    const { runId, conversationId } = await start(workflowId);
    // The first call failed on the store and the step is trying again: the store comes back.
    await waitFor(async () => ((await detail(workflowId, runId)).steps[0]?.modelAttempts ?? 0) >= 2, 'the step to try again');
    await s3.start();

    await waitForRun(app, user, workflowId, runId, 'completed');
    const [image, ...others] = await images(runId);
    expect(others).toEqual([]);
    expect(await assetRows(runId)).toBe(1);
    // The image is in the bucket.
    const key = image.content.slice(`${s3.endpoint}/${bucket}/`.length);
    expect((await client.statObject(bucket, key)).size).toBeGreaterThan(0);
    expect((await detail(workflowId, runId)).steps[0].modelAttempts).toBeGreaterThanOrEqual(2);
    // One instruction and one reply, which holds the one image that was stored.
    const messages = ((await api(app, user).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body as { messages: UIMessage[] }).messages;
    expect(messages.map((message) => message.id)).toEqual([`run-${runId}-step-0-attempt-1-instruction`, `run-${runId}-step-0-attempt-1-reply`]);
    expect(JSON.stringify(messages[1].parts)).toContain(`"assetId":${image.id}`);
    expect(JSON.stringify(messages[1].parts)).not.toContain('output-error');
  });

  it('fails the run once the retries run out while the store stays down, with a reason naming storage, and no image', async () => {
    const workflowId = await imageWorkflow();
    await s3.stop();
    const { runId } = await start(workflowId);

    const failed = await waitForRun(app, user, workflowId, runId, 'failed');
    expect(failed.reason).toBe('The agent failed while answering after 5 attempts: object storage unavailable: connection refused');
    expect((await detail(workflowId, runId)).steps[0]).toMatchObject({ status: 'running', modelAttempts: 5 });
    expect(await assetRows(runId)).toBe(0);
  });

  it('does a step again when its database write fails with too many connections, storing its messages once', async () => {
    const workflowId = await imageWorkflow();
    const conversations = app.get(ConversationsService);
    const tooMany = new QueryFailedError('INSERT INTO messages ...', [], Object.assign(new Error('sorry, too many clients already'), { code: '53300' }));
    // The reply's write fails once: before, the run failed for good on it.
    const save = conversations.saveMessages.bind(conversations);
    let failed = 0;
    const spy = vi.spyOn(conversations, 'saveMessages').mockImplementation(async (conversationId, messages, options) => {
      if (messages.some((message) => message.id.endsWith('-reply')) && failed++ === 0) throw tooMany;
      return save(conversationId, messages, options);
    });
    try {
      const { runId, conversationId } = await start(workflowId);
      await waitForRun(app, user, workflowId, runId, 'completed');
      expect(failed).toBe(2);
      expect(await assetRows(runId)).toBe(1);
      const messages = ((await api(app, user).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body as { messages: UIMessage[] }).messages;
      expect(messages.map((message) => message.id)).toEqual([`run-${runId}-step-0-attempt-1-instruction`, `run-${runId}-step-0-attempt-1-reply`]);
    } finally {
      spy.mockRestore();
    }
  });

  it('in chat, a reply whose image could not be stored ends with an error part, not silently without its image', async () => {
    await s3.stop();
    const reply = await chat(app, user, { messages: [userMessage('Make an image of a red bicycle')], agentId: 'social' });
    expect(reply.chunks.filter((chunk) => chunk.type === 'error')).toEqual([{ type: 'error', errorText: 'The agent failed while answering. Please try again.' }]);
    // The model was not asked to carry on after the failed tool: no text follows it.
    expect(reply.chunks.filter((chunk) => chunk.type === 'text-delta')).toEqual([]);
    const assets = (await api(app, user).get(`/api/assets?conversationId=${reply.conversationId}`).expect(200)).body as unknown[];
    expect(assets).toEqual([]);
  });
});
