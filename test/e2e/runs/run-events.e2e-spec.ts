import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import type { TestSmtpServer } from '../../helpers/mail-catcher.js';
import { BROWSER, pathOf } from '../../helpers/mail-catcher.js';
import { startMailingApp } from '../../helpers/mailing-app.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';

interface RunEvent {
  type: string;
  [key: string]: unknown;
}

/** Reads a run's SSE events until the server ends the stream (or `until` matches). */
async function readEvents(response: Response, until?: (event: RunEvent) => boolean, onEvent?: (event: RunEvent) => void): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of response.body!) {
    buffer += decoder.decode(bytes as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (line.startsWith('data: ')) {
        const event = JSON.parse(line.slice(6)) as RunEvent;
        events.push(event);
        onEvent?.(event);
        if (until?.(event)) return events;
      }
    }
  }
  return events;
}

describe('run progress events', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let base: string;
  let user: TestUser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, smtp, base, user, close } = await startMailingApp());
  });
  afterAll(() => close());

  const events = (workflowId: string, runId: number) =>
    fetch(`${base}/api/workflows/${workflowId}/runs/${runId}/events`, { headers: { authorization: `Bearer ${user.token}` } });

  it('streams a run from its state through a pause to completion, and a late follower gets it all', async () => {
    const created = await createWorkflow(app, user, { goal: 'Outline a LinkedIn post about teamwork. Then write the LinkedIn post and have it reviewed.' });
    await api(app).get(pathOf((await mailTo(smtp, user.email, /^Approve the plan/)).links[0])).set('User-Agent', BROWSER).expect(302);
    const { runId } = (await api(app, user).post(`/api/workflows/${created.workflowId}/run`).expect(201)).body as { runId: number };

    const response = await events(created.workflowId, runId);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const untilPause = await readEvents(response, (event) => event.type === 'status' && event.status === 'awaiting_approval');
    expect(untilPause[0]).toMatchObject({ type: 'state', run: { id: runId }, steps: [{ stepIndex: 0 }, { stepIndex: 1, requiresApproval: true }] });
    const types = untilPause.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['step-started', 'asset', 'step-finished']));
    expect(untilPause.filter((event) => event.type === 'step-finished').map((event) => [event.stepIndex, event.awaitingApproval])).toEqual([
      [0, false],
      [1, true],
    ]);

    // A page opened mid-run: the current state, then the run goes on live until it ends.
    let following!: () => void;
    const followed = new Promise<void>((resolve) => (following = resolve));
    const late = events(created.workflowId, runId).then((lateResponse) => readEvents(lateResponse, undefined, following));
    await followed;
    const mail = await mailTo(smtp, user.email, /^Approve step/);
    await api(app).get(pathOf(mail.links.find((link) => link.endsWith('action=approve'))!)).set('User-Agent', BROWSER).expect(302);
    const all = await late;
    expect(all[0]).toMatchObject({ type: 'state' });
    expect(all.at(-1)).toEqual({ type: 'completed' });
    expect(all.some((event) => event.type === 'status' && event.status === 'running')).toBe(true);
    await waitForRun(app, user, created.workflowId, runId, 'completed');

    // A finished run: its final state, and the stream ends.
    const finished = await readEvents(await events(created.workflowId, runId));
    expect(finished).toEqual([expect.objectContaining({ type: 'state', run: expect.objectContaining({ status: 'completed' }) })]);
  });

  it('is team scoped and needs a session', async () => {
    const other = await signUp(app);
    const created = await createWorkflow(app, user, { goal: 'Write a post about scope' });
    await api(app).get(pathOf((await mailTo(smtp, user.email, /^Approve the plan/, 2)).links[0])).set('User-Agent', BROWSER).expect(302);
    const { runId } = (await api(app, user).post(`/api/workflows/${created.workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, user, created.workflowId, runId, 'completed');

    // The owner's finished run streams its state; another team gets 404 for the very same run.
    const own = await readEvents(await events(created.workflowId, runId));
    expect(own).toEqual([expect.objectContaining({ type: 'state', run: expect.objectContaining({ id: runId }) })]);
    expectError(await api(app, other).get(`/api/workflows/${created.workflowId}/runs/${runId}/events`), 404, 'Run not found');
    expectError(await api(app, user).get(`/api/workflows/${created.workflowId}/runs/x/events`), 400);
    expectError(await api(app).get(`/api/workflows/${created.workflowId}/runs/${runId}/events`), 401);
  });
});
