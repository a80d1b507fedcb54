import type { INestApplication } from '@nestjs/common';
import type { RunDetailResponse } from '../../../src/runs/runs.response.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { type AppWithMail, startAppWithMail } from '../../helpers/mailing-app.js';
import { pausedRun, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';

interface Asset {
  id: number;
  type: string;
  content: string;
  metadata: Record<string, unknown>;
  rejectedAt: string | null;
}

interface WorkflowSteps {
  workflowSteps: { description: string; agentId: string; requiresApproval: boolean }[];
}

const NOTE = 'Mention the blue palette and put the logo text in the corner';
/** The note the finding rejected an image with. */
const IMAGE_NOTE = 'Use a blue palette and put the logo text in the corner';

/** Issue 36 item 4: a rejected step's assets are marked, the listing can leave them out, and the redo takes the note in. */
describe('the assets of a rejected step', () => {
  let smtp: TestSmtpServer;
  let app: INestApplication;
  let mailing: AppWithMail;

  beforeAll(async () => {
    ({ app, smtp } = mailing = await startAppWithMail({ LOG_LEVEL: 'error' }));
  });
  afterAll(() => mailing.close());

  it('are marked rejected, can be filtered out of the listing, and the redo puts the note into what it makes', async () => {
    const user = await signUp(app);
    const run = await pausedRun(app, smtp, user);
    const list = async (query: string) => (await api(app, user).get(`/api/assets?runId=${run.runId}${query}`).expect(200)).body as Asset[];
    const [rejected] = await list('&type=social_post');
    expect(rejected.rejectedAt).toBeNull();
    expect(rejected.content).not.toContain(NOTE);

    await api(app, user).post(`/api/workflows/${run.workflowId}/runs/${run.runId}/decision`).send({ stepIndex: REVIEWED_STEP, action: 'reject', note: NOTE }).expect(200);
    await waitFor(async () => {
      const detail = (await api(app, user).get(`/api/workflows/${run.workflowId}/runs/${run.runId}`).expect(200)).body as RunDetailResponse;
      return detail.status === 'awaiting_approval' && detail.steps[REVIEWED_STEP].attempt === 2;
    }, 'the redo awaiting approval');

    const posts = await list('&type=social_post');
    expect(posts.map((asset) => asset.id)).toEqual([expect.any(Number), rejected.id]);
    const [redone] = posts;
    expect(posts[1].rejectedAt).toEqual(expect.any(String));
    expect(redone.rejectedAt).toBeNull();
    // The offline model takes the reviewer's note into the redo's post.
    expect(redone.content).toContain(NOTE);

    // The listing as the spec writes it keeps every asset; `rejected` leaves them out or lists only them.
    const all = await list('');
    expect(all.map((asset) => asset.id)).toContain(rejected.id);
    expect((await list('&rejected=exclude')).map((asset) => asset.id)).toEqual(all.filter((asset) => asset.id !== rejected.id).map((asset) => asset.id));
    expect((await list('&rejected=only')).map((asset) => asset.id)).toEqual([rejected.id]);
    expect((await list('&rejected=include')).map((asset) => asset.id)).toEqual(all.map((asset) => asset.id));
    // The earlier step's outline was approved with the plan's run, not rejected.
    expect(all.filter((asset) => asset.id !== rejected.id).every((asset) => asset.rejectedAt === null)).toBe(true);
    // One asset read alone says the same.
    expect(((await api(app, user).get(`/api/assets/${rejected.id}`).expect(200)).body as Asset).rejectedAt).toEqual(posts[1].rejectedAt);

    for (const bad of ['nope', '', 'EXCLUDE']) {
      expectError(await api(app, user).get(`/api/assets?rejected=${bad}`), 400, [/^rejected must be one of: include, exclude, only$/]);
    }
    expectError(await api(app, user).get('/api/assets?rejected=only&rejected=exclude'), 400);

    // Another team sees none of it, with or without the filter.
    const stranger = await signUp(app);
    expect((await api(app, stranger).get('/api/assets?rejected=only').expect(200)).body).toEqual([]);
  });

  it('an image step redone after a note makes a different image that reflects the note: a blue palette, the logo text in the corner', async () => {
    const user = await signUp(app);
    const { workflowId } = await createWorkflow(app, user, { goal: 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post. Then make an image for it.' });
    const { workflowSteps } = (await api(app, user).get(`/api/workflows/${workflowId}`).expect(200)).body as WorkflowSteps;
    const imageStep = workflowSteps.length - 1;
    expect(workflowSteps[imageStep].description).toMatch(/image/i);
    const steps = workflowSteps.map(({ description, agentId }, index) => ({ description, agentId, requiresApproval: index === imageStep }));
    await api(app, user).post(`/api/workflows/${workflowId}/steps`).send({ steps }).expect(200);
    const planMail = await mailTo(smtp, user.email, /^Approve the plan/, 2);
    expect(planMail.text).toContain('version 2');
    await api(app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
    const { runId } = (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, user, workflowId, runId, 'awaiting_approval');
    const images = async () => (await api(app, user).get(`/api/assets?runId=${runId}&type=image`).expect(200)).body as Asset[];
    const [first] = await images();

    await api(app, user).post(`/api/workflows/${workflowId}/runs/${runId}/decision`).send({ stepIndex: imageStep, action: 'reject', note: IMAGE_NOTE }).expect(200);
    await waitFor(async () => {
      const detail = (await api(app, user).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;
      return detail.status === 'awaiting_approval' && detail.steps[imageStep].attempt === 2;
    }, 'the redo awaiting approval');

    const [redone, rejected] = await images();
    expect(rejected.id).toBe(first.id);
    expect(rejected.rejectedAt).toEqual(expect.any(String));
    expect(redone.rejectedAt).toBeNull();
    const bytes = async (asset: Asset) => Buffer.from((await api(app).get(new URL(asset.content).pathname).expect(200)).body as Buffer);
    expect((await bytes(redone)).equals(await bytes(first))).toBe(false);
    // The redo's prompt carries the note, and what the offline model drew says how it took it in.
    expect(redone.metadata.prompt).toEqual(expect.stringContaining(IMAGE_NOTE));
    expect(first.metadata.prompt).not.toEqual(expect.stringContaining(IMAGE_NOTE));
    expect(redone.metadata).toMatchObject({ palette: 'blue', cornerText: 'Logo', corner: 'top-left' });
    expect(first.metadata).not.toHaveProperty('palette');
    expect(first.metadata).not.toHaveProperty('cornerText');
  });
});
