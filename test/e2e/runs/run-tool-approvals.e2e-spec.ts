import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { InboxItem, StepInboxItem } from '../../../src/approvals/approvals.response.js';
import { ApprovalTimersService } from '../../../src/approvals/approval-timers.service.js';
import type { RunDetailResponse } from '../../../src/runs/runs.response.js';
import type { WorkflowDetailResponse } from '../../../src/workflows/workflows.response.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** One step, the social agent's: it calls format_post. */
const POST_GOAL = 'Write a LinkedIn post about our product launch.';

/**
 * Issue 34 item 2 in runs: a step whose agent calls a tool that needs approval pauses exactly as a
 * step approval does (mail with links, the inbox, a decision record); approved, the tool runs and the
 * step goes on; denied, the step goes on with the tool refused and the model told so.
 */
describe('tools that need approval in a run step', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let db: DataSource;
  let owner: TestUser;
  let workflowId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    db = app.get(DataSource);
    owner = await signUp(app);
    await api(app, owner).put(`/api/teams/${owner.teamId}/agents/social/tool-approvals`).send({ approvalTools: ['format_post'] }).expect(200);
    workflowId = (await createWorkflow(app, owner, { goal: POST_GOAL })).workflowId;
    const planMail = await mailTo(smtp, owner.email, /^Approve the plan/);
    await api(app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const assetCount = async () => (await db.query<{ count: number }[]>('SELECT count(*)::int AS count FROM assets WHERE team_id = $1', [owner.teamId]))[0].count;
  const outputOf = async (runId: number) =>
    (await db.query<{ output_text: string | null }[]>('SELECT output_text FROM run_steps WHERE run_id = $1 AND step_index = 0', [runId]))[0].output_text ?? '';
  /** The run's `run.step_decided` audit entries' changes. */
  const decidedAudit = async (runId: number) =>
    (await db.query<{ changes: Record<string, unknown> }[]>(`SELECT changes FROM audit_events WHERE action = 'run.step_decided' AND target_id = $1 ORDER BY id`, [String(runId)])).map(
      (row) => row.changes,
    );
  const inbox = async (user: TestUser) => (await api(app, user).get('/api/approvals').expect(200)).body as InboxItem[];
  const start = async () => {
    const { runId } = (await api(app, owner).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, owner, workflowId, runId, 'awaiting_approval');
    return runId;
  };

  it('pauses on the call: mailed with the tool and its arguments, listed in the inbox; the mailed approval runs the tool and the step goes on', async () => {
    const assetsBefore = await assetCount();
    const runId = await start();
    // Nothing ran yet.
    expect(await assetCount()).toBe(assetsBefore);

    const mail = await mailTo(smtp, owner.email, /^Approve step 1/);
    // The subject names the tool as people read it; the body keeps the exact function with its arguments.
    expect(mail.subject).toMatch(/\(to run Format post\)$/);
    expect(mail.subject).not.toContain('format_post');
    expect(mail.text).toContain('- format_post {');
    expect(mail.text).toMatch(/product launch/);

    const [item] = (await inbox(owner)).filter((candidate): candidate is StepInboxItem => candidate.kind === 'step' && candidate.runId === runId);
    expect(item.toolCalls).toEqual([{ toolName: 'format_post', input: expect.objectContaining({}) as unknown }]);
    expect(JSON.stringify(item.toolCalls?.[0].input)).toMatch(/product launch/);
    // Another team sees nothing of it.
    const stranger = await signUp(app);
    expect(await inbox(stranger)).toEqual([]);

    await api(app).get(pathOf(mail.links.find((link) => link.endsWith('action=approve'))!)).set('User-Agent', BROWSER).expect(302);
    await waitForRun(app, owner, workflowId, runId, 'completed');
    expect(await assetCount()).toBe(assetsBefore + 1);
    expect(await outputOf(runId)).toMatch(/^Made a LinkedIn post: /);
    const detail = (await api(app, owner).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;
    expect(detail.decisions).toEqual([expect.objectContaining({ stepIndex: 0, attempt: 1, action: 'approve', channel: 'email', decidedBy: owner.email })]);
    expect(await inbox(owner)).toEqual([]);
    // The audit tells what the decision did: the step went on running (its next attempt continues the reply), it was not completed by it.
    expect(await decidedAudit(runId)).toEqual([expect.objectContaining({ stepIndex: 0, attempt: 1, decision: 'approve', channel: 'email', status: { before: 'awaiting_approval', after: 'running' } })]);
  });

  it('denied on the dashboard with a note: the tool never runs, the step goes on and the model is told it was denied', async () => {
    const assetsBefore = await assetCount();
    const runId = await start();
    const path = `/api/workflows/${workflowId}/runs/${runId}`;
    // A decision for a step that does not wait is refused and changes nothing.
    expectError(await api(app, owner).post(`${path}/decision`).send({ stepIndex: 1, action: 'reject', note: 'no' }), 409);

    await api(app, owner).post(`${path}/decision`).send({ stepIndex: 0, action: 'reject', note: 'not yet' }).expect(200);
    await waitForRun(app, owner, workflowId, runId, 'completed');
    expect(await assetCount()).toBe(assetsBefore);
    expect(await outputOf(runId)).toContain('I did not run Format post: it was denied (not yet)');
    const detail = (await api(app, owner).get(path).expect(200)).body as RunDetailResponse;
    expect(detail.decisions).toEqual([expect.objectContaining({ stepIndex: 0, attempt: 1, action: 'reject', note: 'not yet', channel: 'dashboard' })]);
    expect(await decidedAudit(runId)).toEqual([expect.objectContaining({ decision: 'reject', status: { before: 'awaiting_approval', after: 'running' } })]);
    // The decided link of the paused call no longer acts.
    const mail = await mailTo(smtp, owner.email, /^Approve step 1/, 2);
    expect(mail.subject).toMatch(/\(to run Format post\)$/);
    const answer = await api(app).get(pathOf(mail.links.find((link) => link.endsWith('action=approve'))!)).set('User-Agent', BROWSER);
    expect(answer.status).not.toBe(500);
    expect(await assetCount()).toBe(assetsBefore);
  });

  it("the mailed reject link's page and the inbox's batch decision say the tool call is refused or allowed and the step goes on, not that it is done again", async () => {
    const refusedRun = await start();
    const mail = await mailTo(smtp, owner.email, /^Approve step 1/, 3);
    // A browser following the reject link is asked for a note first: the page says what rejecting does here.
    const page = await api(app).get(pathOf(mail.links.find((link) => link.endsWith('action=reject'))!)).set('User-Agent', BROWSER).set('Accept', 'text/html').expect(200);
    expect(page.text).toMatch(/Refuse the tool call/);
    expect(page.text).toMatch(/Format post \(format_post\) does not run; the step goes on without it/);
    expect(page.text).not.toMatch(/done again|redo/i);

    const decide = async (runId: number, action: 'approve' | 'reject') => {
      const response = await api(app, owner)
        .post('/api/approvals/decide')
        .send({ decisions: [{ kind: 'step', workflowId, runId, stepIndex: 0, attempt: 1, action, ...(action === 'reject' ? { note: 'not this week' } : {}) }] })
        .expect(200);
      return (response.body as { results: { status: number; message: string }[] }).results[0];
    };
    const refused = await decide(refusedRun, 'reject');
    expect(refused).toMatchObject({ status: 200, message: 'Tool call refused: Format post does not run; the step goes on without it, and the note tells the agent why' });
    await waitForRun(app, owner, workflowId, refusedRun, 'completed');
    expect(await outputOf(refusedRun)).toContain('it was denied (not this week)');

    const allowedRun = await start();
    const allowed = await decide(allowedRun, 'approve');
    expect(allowed).toMatchObject({ status: 200, message: 'Tool call allowed: Format post runs and the step goes on' });
    await waitForRun(app, owner, workflowId, allowedRun, 'completed');
    expect(await outputOf(allowedRun)).toMatch(/^Made a LinkedIn post: /);
  });

  it("an expiry that refuses a step's tool calls says so in its decision, not that the step is done again", async () => {
    const created = await createWorkflow(app, owner, { goal: POST_GOAL });
    const { workflowSteps } = (await api(app, owner).get(`/api/workflows/${created.workflowId}`).expect(200)).body as WorkflowDetailResponse;
    const steps = workflowSteps.map(({ description, agentId }) => ({ description, agentId, requiresApproval: true, approvalPolicy: { expireAfterMinutes: 30, onExpiry: 'reject' } }));
    await api(app, owner).post(`/api/workflows/${created.workflowId}/steps`).send({ steps }).expect(200);
    const planMail = (await mailTo(smtp, owner.email, /^Approve the plan/, 3)) as { text: string; links: string[] };
    expect(planMail.text).toContain('version 2');
    await api(app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
    const { runId } = (await api(app, owner).post(`/api/workflows/${created.workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, owner, created.workflowId, runId, 'awaiting_approval');
    const [paused] = await db.query<{ tool_approval: unknown }[]>('SELECT tool_approval FROM run_steps WHERE run_id = $1', [runId]);
    expect(paused.tool_approval).not.toBeNull();

    // The step has waited past its expiry by the database's clock, as the timers read it.
    await db.query(`UPDATE run_steps SET approval_requested_at = now() - interval '31 minutes' WHERE run_id = $1`, [runId]);
    await app.get(ApprovalTimersService).sweep();
    const [decision] = await db.query<{ note: string }[]>(`SELECT note FROM approval_decisions WHERE run_id = $1 AND action = 'expire'`, [runId]);
    expect(decision.note).toBe('The approval of step 1 expired after 30 minutes without a decision: the tool calls were refused; the step goes on without them');
  });
});
