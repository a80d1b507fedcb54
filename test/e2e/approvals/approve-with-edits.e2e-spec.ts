import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { waitForRun } from '../../helpers/runs.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** Three steps; the second (index 1) is reviewed and makes a post; the third works from it. */
const GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it. Then write a reel script from the post.';
const REVIEWED_STEP = 1;
const EDITED = 'Launch day!\nOur product ships today, edited by the approver.\nJoin the beta waitlist.';

interface Asset {
  id: number;
  type: string;
  content: string;
  createdAt: string;
}

interface Paused {
  user: TestUser;
  workflowId: string;
  runId: number;
  conversationId: string;
  /** Path (with query) of the step mail's approve link. */
  approveLink: string;
}

describe('approve with edits: a text asset of the awaiting step edited, stored as a new version, read by later steps', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let dataSource: DataSource;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, APPROVAL_LINKS: 'confirm', RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    dataSource = app.get(DataSource);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  /** The hidden fields of a confirmation page's form, and its editable text when it offers one. */
  function formOf(html: string): { fields: Record<string, string>; content: string | null } {
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((match) => [match[1], match[2]]));
    const content = /<textarea id="content" name="content"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? null;
    return { fields, content };
  }
  const openPage = (path: string) => api(app).get(path).set('Accept', 'text/html').set('User-Agent', BROWSER).expect(200);
  const submit = (path: string, fields: Record<string, string>) => api(app).post(path).type('form').set('Accept', 'text/html').set('User-Agent', BROWSER).send(fields);

  async function pausedRun(): Promise<Paused> {
    const user = await signUp(app);
    const { workflowId } = await createWorkflow(app, user, { goal: GOAL });
    const planMail = await mailTo(smtp, user.email, /^Approve the plan/);
    const planPage = await openPage(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!));
    await submit(`/api/workflows/${workflowId}/approve`, formOf(planPage.text).fields).expect(303);
    const started = await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201);
    const { runId, conversationId } = started.body as { runId: number; conversationId: string };
    expect((await waitForRun(app, user, workflowId, runId, 'awaiting_approval')).currentStepIndex).toBe(REVIEWED_STEP);
    const stepMail = await mailTo(smtp, user.email, /^Approve step/);
    return { user, workflowId, runId, conversationId, approveLink: pathOf(stepMail.links.find((link) => link.endsWith('action=approve'))!) };
  }

  const assetsOf = async (run: Paused) => (await api(app, run.user).get(`/api/assets?runId=${run.runId}`).expect(200)).body as Asset[];
  /** The post the reviewed step made, and the outline the step before it made. */
  async function madeAssets(run: Paused): Promise<{ post: Asset; outline: Asset }> {
    const assets = await assetsOf(run);
    return { post: assets.find((asset) => asset.type === 'social_post')!, outline: assets.find((asset) => asset.type === 'post_outline')! };
  }
  const versionsOf = async (user: TestUser, assetId: number) => (await api(app, user).get(`/api/assets/${assetId}/versions`).expect(200)).body as unknown[];
  const decide = (run: Paused, user: TestUser, body: object) => api(app, user).post(`/api/workflows/${run.workflowId}/runs/${run.runId}/decision`).send(body);
  const decisionCount = async (runId: number) =>
    (await dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM approval_decisions WHERE run_id = $1`, [runId]))[0].count;
  const versionRows = async () => (await dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM asset_versions`))[0].count;

  /** The later step's instruction shows the edited text: it is what that step works from. */
  async function expectNextStepSees(run: Paused, text: string): Promise<void> {
    await waitForRun(app, run.user, run.workflowId, run.runId, 'completed');
    const history = (await api(app, run.user).get(`/api/assistant/history?id=${run.conversationId}`).expect(200)).body as { messages: UIMessage[] };
    const instruction = history.messages.find((message) => message.id === `run-${run.runId}-step-2-attempt-1-instruction`);
    expect(instruction && textOfMessage(instruction)).toContain(text);
  }

  it('the dashboard approves with an edit: a new version, the listing shows it, the audit has the diff, the next step reads it; bad edits store nothing', async () => {
    const run = await pausedRun();
    const other = await pausedRun();
    const { post, outline } = await madeAssets(run);
    const original = post.content;
    expect(await versionsOf(run.user, post.id)).toEqual([{ version: 1, content: original, editedBy: null, createdAt: post.createdAt }]);

    const storedBefore = await versionRows();
    const bad: [object, number, string | RegExp | RegExp[]][] = [
      [{ edits: [{ assetId: post.id, content: EDITED }], action: 'reject', note: 'shorter' }, 400, 'edits go with approve only'],
      [{ edits: [{ assetId: post.id, content: 7 }] }, 400, [/content must be text/]],
      [{ edits: [{ assetId: 'x', content: EDITED }] }, 400, [/assetId must be a whole number/]],
      [{ edits: { assetId: post.id, content: EDITED } }, 400, [/edits must be a list/]],
      [{ edits: [{ assetId: post.id, content: 'x'.repeat(20_001) }] }, 400, [/content must be at most 20000 characters/]],
      [{ edits: [{ assetId: post.id, content: EDITED }, { assetId: post.id, content: 'again' }] }, 400, 'Each asset may be edited once per decision'],
      [{ edits: [{ assetId: outline.id, content: EDITED }] }, 404, `Asset ${outline.id} is not one this step made`],
      [{ edits: [{ assetId: (await madeAssets(other)).post.id, content: EDITED }] }, 404, /is not one this step made/],
    ];
    for (const [body, status, message] of bad) {
      expectError(await decide(run, run.user, { action: 'approve', stepIndex: REVIEWED_STEP, ...body }), status, message);
    }
    expect(await versionRows()).toBe(storedBefore);
    expect(await decisionCount(run.runId)).toBe(0);
    expect((await madeAssets(run)).post.content).toBe(original);
    // Another team's member cannot read the versions.
    expectError(await api(app, other.user).get(`/api/assets/${post.id}/versions`), 404, 'Asset not found');

    const approved = await decide(run, run.user, { action: 'approve', stepIndex: REVIEWED_STEP, edits: [{ assetId: post.id, content: EDITED }] }).expect(200);
    expect(approved.body).toMatchObject({ action: 'approve', status: 'running' });

    const versions = (await versionsOf(run.user, post.id)) as { version: number; content: string; editedBy: string | null }[];
    expect(versions.map(({ version, content, editedBy }) => ({ version, content, editedBy }))).toEqual([
      { version: 1, content: original, editedBy: null },
      { version: 2, content: EDITED, editedBy: run.user.email },
    ]);
    expect((await madeAssets(run)).post.content).toBe(EDITED);
    const [audit] = await dataSource.query<{ actor_id: string; changes: { edits: { assetId: number; version: number; diff: string }[] } }[]>(
      `SELECT actor_id, changes FROM audit_events WHERE action = 'run.step_decided' AND target_id = $1`,
      [String(run.runId)],
    );
    expect(audit.actor_id).toBe(run.user.userId);
    expect(audit.changes.edits).toEqual([{ assetId: post.id, version: 2, diff: expect.stringContaining('+Our product ships today, edited by the approver.') }]);
    expect(audit.changes.edits[0].diff).toMatch(/^--- .*\n\+\+\+ .*\n@@ -1,\d+ \+1,3 @@\n/);

    await expectNextStepSees(run, 'Our product ships today, edited by the approver.');
  });

  it("the link's confirmation page offers the step's text to edit; its post stores the edit and the next step reads it", async () => {
    const run = await pausedRun();
    const { post } = await madeAssets(run);
    const page = await openPage(run.approveLink);
    const form = formOf(page.text);
    expect(form.fields).toMatchObject({ action: 'approve', assetId: String(post.id) });
    expect(form.content).not.toBeNull();

    // Content without its asset, and an asset the step did not make: refused, nothing stored.
    const storedBefore = await versionRows();
    expect((await submit('/api/workflows/resume', { token: form.fields.token, action: 'approve', content: EDITED })).status).toBe(400);
    const { outline } = await madeAssets(run);
    expect((await submit('/api/workflows/resume', { ...form.fields, assetId: String(outline.id), content: EDITED })).status).toBe(404);
    expect((await submit('/api/workflows/resume', { ...form.fields, assetId: '1e3', content: EDITED })).status).toBe(400);
    expect(await versionRows()).toBe(storedBefore);
    expect(await decisionCount(run.runId)).toBe(0);

    // As a browser posts a textarea: line breaks as CRLF, stored as the LF the asset is written with.
    await submit('/api/workflows/resume', { ...form.fields, content: EDITED.replace(/\n/g, '\r\n') }).expect(303);
    const versions = (await versionsOf(run.user, post.id)) as { version: number; content: string; editedBy: string | null }[];
    expect(versions.map(({ version, editedBy }) => ({ version, editedBy }))).toEqual([
      { version: 1, editedBy: null },
      { version: 2, editedBy: run.user.email },
    ]);
    expect(versions[1].content).toBe(EDITED);
    await expectNextStepSees(run, 'Our product ships today, edited by the approver.');
  });
});
