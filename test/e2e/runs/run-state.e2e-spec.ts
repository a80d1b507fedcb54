import type { INestApplication } from '@nestjs/common';
import type { WorkflowRunSummary } from '../../../src/conversations/entities/conversation.entity.js';
import { RunStateService } from '../../../src/runs/run-state.service.js';
import { api } from '../../helpers/api.js';
import type { TestSmtpServer } from '../../helpers/mail-catcher.js';
import { startMailingApp } from '../../helpers/mailing-app.js';
import { pausedRun } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp, type TestUser } from '../../helpers/users.js';

// RunStateService is the one writer of a run's state; a move that did not happen must leave no
// trace: no row change, no conversation summary, no live event.
describe('run state', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let base: string;
  let user: TestUser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, smtp, base, user, close } = await startMailingApp());
  });
  afterAll(() => close());

  const summaryOf = async (conversationId: string, reader = user) =>
    ((await api(app, reader).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body as { conversation: { workflowRun: WorkflowRunSummary } })
      .conversation.workflowRun;

  it('announces nothing for a move from a state the run is not in, nor for one in a transaction that rolls back', async () => {
    const { workflowId, runId, conversationId } = await pausedRun(app, smtp, user);
    const runState = app.get(RunStateService);
    const before = await summaryOf(conversationId);
    expect(before.status).toBe('awaiting_approval');
    // Everything published for the run since it started, then live until it ends.
    const stream = await fetch(`${base}/api/workflows/${workflowId}/runs/${runId}/events`, { headers: { authorization: `Bearer ${user.token}` } });

    expect(await runState.move(runId, ['running'], { status: 'failed', reason: 'from the wrong state' })).toBe(false);
    await expect(
      runState.transaction(async ({ move }) => {
        expect(await move(runId, ['awaiting_approval'], { status: 'failed', reason: 'rolled back' })).toBe(true);
        throw new Error('the transaction fails after the move');
      }),
    ).rejects.toThrow('the transaction fails after the move');

    expect(await waitForRun(app, user, workflowId, runId, 'awaiting_approval')).toMatchObject({ reason: null, finishedAt: null });
    expect(await summaryOf(conversationId)).toEqual(before);

    // The stop is the only end the stream shows.
    await api(app, user).post(`/api/workflows/${workflowId}/runs/${runId}/stop`).expect(200);
    const events = (await stream.text())
      .split('\n\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; status?: string; reason?: string });
    expect(events.filter((event) => event.type === 'status').map((event) => event.status)).toEqual(['running', 'awaiting_approval']);
    expect(events.filter((event) => event.type === 'failed')).toEqual([{ type: 'failed', reason: 'Stopped by user' }]);
    expect(await summaryOf(conversationId)).toEqual({ ...before, status: 'failed' });
  });

  it("writes the conversation's summary in the move's own transaction: no reader sees the run moved and its summary behind, even after a crash", async () => {
    // A user of its own: the helper approves the first plan mail it finds in the user's inbox.
    const owner = await signUp(app);
    const { runId, conversationId } = await pausedRun(app, smtp, owner);
    const runState = app.get(RunStateService);
    const summaryInTheTransaction = await runState.transaction(async ({ manager, move }) => {
      expect(await move(runId, ['awaiting_approval'], { status: 'failed', reason: 'read back before commit' })).toBe(true);
      const [row] = await manager.query<{ status: string }[]>(`SELECT workflow_run->>'status' AS status FROM conversations WHERE id = $1`, [conversationId]);
      return row?.status;
    });
    expect(summaryInTheTransaction).toBe('failed');
    expect((await summaryOf(conversationId, owner)).status).toBe('failed');
  });
});
