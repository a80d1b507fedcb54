import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AssetsService } from '../../../src/assets/assets.service.js';
import type { AuditEventResponse, AuditPageResponse } from '../../../src/audit/audit.response.js';
import { AuditTrailService } from '../../../src/audit/audit-trail.service.js';
import { ScheduleTicksService } from '../../../src/schedules/schedule-ticks.service.js';
import { api, type Caller } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, linksIn } from '../../helpers/mail-catcher.js';
import { type MailingApp, startMailingApp } from '../../helpers/mailing-app.js';
import { pausedRun, REVIEWED_GOAL, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { joinTeam } from '../../helpers/teams.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';

/**
 * Issue 31 item 5, the work a team does: workflows, schedules, runs, step decisions, conversations,
 * assets and email verification, each done through the API and read back from the team's trail.
 */
describe('audit trail: workflows, runs, decisions, deletions, verification', () => {
  let mailing: MailingApp;
  let app: INestApplication;
  let db: DataSource;
  let owner: TestUser;

  beforeAll(async () => {
    mailing = await startMailingApp({ LOGIN_RATE_LIMIT_PER_IP: '1000' });
    app = mailing.app;
    owner = mailing.user;
    db = app.get(DataSource);
  });
  afterAll(() => mailing.close());

  const trail = async (caller: Caller, teamId: string): Promise<AuditEventResponse[]> =>
    ((await api(app, caller).get(`/api/teams/${teamId}/audit`).query({ limit: 200 }).expect(200)).body as AuditPageResponse).items.reverse();
  const ofTarget = (events: AuditEventResponse[], id: string) => events.filter((event) => event.targetId === id).map((event) => event.action);
  const count = async (teamId: string): Promise<number> =>
    (await db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM audit_events WHERE team_id = $1', [teamId]))[0].n;

  it('records a workflow from creation to deletion and each run of it: who, what, before and after', async () => {
    const run = await pausedRun(app, mailing.smtp, owner);
    const { workflowId, runId } = run;
    // The step decided by its mailed link: the member it was mailed to acts, not "anonymous".
    await api(app).get(run.links.approve).set('User-Agent', BROWSER).expect(302);
    await waitForRun(app, owner, workflowId, runId, 'completed');

    const retried = (await api(app, owner).post(`/api/workflows/${workflowId}/runs/${runId}/retry`).send({}).expect(201)).body as { runId: number };
    await waitForRun(app, owner, workflowId, retried.runId, 'awaiting_approval');
    await api(app, owner).post(`/api/workflows/${workflowId}/runs/${retried.runId}/stop`).expect(200);

    await api(app, owner).patch(`/api/workflows/${workflowId}/schedule`).send({ schedule: '0 9 * * 1', timezone: 'Europe/Berlin' }).expect(200);
    await api(app, owner).post(`/api/workflows/${workflowId}/schedule/pause`).expect(200);
    await api(app, owner).post(`/api/workflows/${workflowId}/schedule/resume`).expect(200);
    await api(app, owner).post(`/api/workflows/${workflowId}/steps`).send({ steps: [{ description: 'Write the post' }] }).expect(200);
    await api(app, owner).delete(`/api/workflows/${workflowId}`).expect(200);

    const events = await trail(owner, owner.teamId);
    const mine = events.filter((event) => event.targetId === workflowId || event.changes.workflowId === workflowId);
    expect(mine.map((event) => event.action)).toEqual([
      'workflow.created',
      'workflow.plan_approved',
      'run.started',
      'run.step_decided',
      'run.retried',
      'run.stopped',
      'schedule.changed',
      'schedule.changed',
      'schedule.changed',
      'workflow.edited',
      'workflow.deleted',
    ]);
    const [created, approved, started, decided, retry, stopped, scheduled, paused, resumed, edited, deleted] = mine;
    const byOwner = { actorType: 'user', actorId: owner.userId };
    expect(created).toMatchObject({ ...byOwner, targetType: 'workflow', targetId: workflowId, changes: { status: 'draft', stepCount: 2, schedule: null } });
    expect(approved).toMatchObject({ ...byOwner, changes: { planVersion: 1, status: { before: 'draft', after: 'active' } } });
    expect(started).toMatchObject({ ...byOwner, targetType: 'run', targetId: String(runId), changes: { trigger: 'manual', status: { before: null, after: 'running' } } });
    expect(decided).toMatchObject({
      ...byOwner,
      targetId: String(runId),
      changes: { stepIndex: REVIEWED_STEP, attempt: 1, decision: 'approve', channel: 'email', status: { before: 'awaiting_approval', after: 'completed' } },
    });
    expect(decided.userAgent).toBe(BROWSER);
    expect(retry).toMatchObject({ ...byOwner, targetId: String(retried.runId), changes: { retryOf: runId, fromStep: 0 } });
    expect(stopped).toMatchObject({ ...byOwner, targetId: String(retried.runId), changes: { status: { before: 'awaiting_approval', after: 'failed' } } });
    expect(scheduled.changes).toEqual({ schedule: { before: null, after: '0 9 * * 1' }, timezone: { before: 'UTC', after: 'Europe/Berlin' } });
    expect(paused.changes).toEqual({ paused: { before: false, after: true } });
    expect(resumed.changes).toEqual({ paused: { before: true, after: false } });
    expect(edited.changes).toEqual({ planVersion: { before: 1, after: 2 }, stepCount: { before: 2, after: 1 }, status: { before: 'active', after: 'draft' } });
    expect(deleted).toMatchObject({ ...byOwner, changes: { status: { before: 'draft', after: null } } });
    // No goal, step text or model output in the trail (the title, a name, is).
    const text = JSON.stringify(mine);
    expect(text).not.toContain(REVIEWED_GOAL);
    expect(text).not.toContain('Write the post');

    // The export holds the same entries, and the chain still verifies.
    const exported = await api(app, owner).get(`/api/teams/${owner.teamId}/audit/export`).buffer(true).expect(200);
    const lines = (Buffer.isBuffer(exported.body) ? exported.body.toString('utf8') : exported.text).trimEnd().split('\n').map((line) => JSON.parse(line) as AuditEventResponse);
    expect(lines.map((event) => event.id)).toEqual(expect.arrayContaining(mine.map((event) => event.id)));
    expect(await app.get(AuditTrailService).verify(owner.teamId)).toMatchObject({ broken: null });
  });

  it('records a step decided on the dashboard and a rejection, acted by the deciding user', async () => {
    // A user of their own: pausedRun approves the first plan mailed to its user.
    const reviewer = await signUp(app);
    const run = await pausedRun(app, mailing.smtp, reviewer);
    await api(app, reviewer)
      .post(`/api/workflows/${run.workflowId}/runs/${run.runId}/decision`)
      .send({ stepIndex: REVIEWED_STEP, action: 'reject', note: 'Shorter, and a secret word: pelican' })
      .expect(200);
    const decided = (await trail(reviewer, reviewer.teamId)).filter((event) => event.action === 'run.step_decided' && event.targetId === String(run.runId));
    expect(decided).toHaveLength(1);
    expect(decided[0]).toMatchObject({
      actorType: 'user',
      actorId: reviewer.userId,
      changes: { decision: 'reject', channel: 'dashboard', status: { before: 'awaiting_approval', after: 'running' } },
    });
    // A reviewer's note is feedback text, not recorded.
    expect(JSON.stringify(decided)).not.toContain('pelican');
    await waitForRun(app, reviewer, run.workflowId, run.runId, 'awaiting_approval');
    await api(app, reviewer).post(`/api/workflows/${run.workflowId}/runs/${run.runId}/stop`).expect(200);
  });

  it('records a scheduled run with the system as its actor', async () => {
    const { workflowId } = await createWorkflow(app, owner, { goal: 'Summarize the news every Monday', schedule: '0 9 * * 1' });
    await db.query(`UPDATE workflows SET status = 'active', approved_at = now() WHERE id = $1`, [workflowId]);
    // The slot as the scheduler's timer decides it.
    const tick = await app.get(ScheduleTicksService).decide(workflowId, new Date(), 'timer');
    expect(tick?.runId).toEqual(expect.any(Number));
    const started = (await trail(owner, owner.teamId)).find((event) => event.action === 'run.started' && event.targetId === String(tick!.runId));
    expect(started).toMatchObject({ actorType: 'system', actorId: null, ip: null, changes: { workflowId, trigger: 'schedule', scheduledFor: expect.any(String) } });
    await waitForRun(app, owner, workflowId, tick!.runId!, (candidate) => candidate.status !== 'running');
  });

  it('records a conversation and an asset deleted, with no message text or content', async () => {
    const reply = await chat(app, owner, { messages: [userMessage('My secret plan is flamingo')] });
    await api(app, owner).delete('/api/assistant/conversations').query({ id: reply.conversationId }).expect(200);
    const asset = await app.get(AssetsService).create(
      { teamId: owner.teamId, conversationId: null, runId: null },
      { type: 'social_post', title: 'Launch notes', content: 'content kept out: walrus', metadata: {} },
    );
    await api(app, owner).delete(`/api/assets/${asset.id}`).expect(200);

    const events = await trail(owner, owner.teamId);
    expect(events.find((event) => event.targetId === reply.conversationId)).toMatchObject({
      action: 'conversation.deleted',
      actorId: owner.userId,
      targetType: 'conversation',
      changes: { messages: { before: 2, after: 0 } },
    });
    expect(events.find((event) => event.targetType === 'asset' && event.targetId === String(asset.id))).toMatchObject({
      action: 'asset.deleted',
      actorId: owner.userId,
      changes: { type: { before: 'social_post', after: null }, title: { before: 'Launch notes', after: null } },
    });
    const text = JSON.stringify(events);
    expect(text).not.toContain('flamingo');
    expect(text).not.toContain('walrus');
  });

  it('records an email verified by its link, acted by the account verified', async () => {
    const fresh = await signUp(app, { verified: false });
    const [mail] = await db.query<{ text: string }[]>(
      `SELECT text FROM mail_outbox WHERE to_address = $1 AND subject = 'Confirm your email address' ORDER BY id DESC LIMIT 1`,
      [fresh.email],
    );
    const link = linksIn(mail.text).find((candidate) => candidate.includes('/dashboard/verify-email#'))!;
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
    const before = await count(fresh.teamId);
    expectError(await api(app).post('/api/auth/verify-email').send({ token: `${token}x` }), 400);
    expect(await count(fresh.teamId)).toBe(before);
    await api(app).post('/api/auth/verify-email').send({ token }).expect(200);

    const events = await trail(fresh, fresh.teamId);
    expect(events.at(-1)).toMatchObject({
      action: 'user.email_verified',
      actorType: 'user',
      actorId: fresh.userId,
      targetId: fresh.userId,
      changes: { email: fresh.email, emailVerified: { before: false, after: true } },
    });
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it('records nothing for an action refused or failed', async () => {
    const [member, stranger] = [await signUp(app), await signUp(app)];
    await joinTeam(app, owner, owner.teamId, member, 'member');
    await api(app, member).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    const { workflowId } = await createWorkflow(app, owner, { goal: 'Draft a weekly status update' });
    const before = await count(owner.teamId);
    // A member on the owner's workflow: 403; a stranger: 404; a bad body: 400.
    expectError(await api(app, member).delete(`/api/workflows/${workflowId}`), 403);
    expectError(await api(app, member).post(`/api/workflows/${workflowId}/steps`).send({ steps: [{ description: 'x' }] }), 403);
    expectError(await api(app, member).patch(`/api/workflows/${workflowId}/schedule`).send({ schedule: '0 9 * * 1' }), 403);
    expectError(await api(app, member).post(`/api/workflows/${workflowId}/run`), 403);
    expectError(await api(app, stranger).delete(`/api/workflows/${workflowId}`), 404);
    expectError(await api(app, owner).post(`/api/workflows/${workflowId}/steps`).send({ steps: [] }), 400);
    expectError(await api(app, owner).patch(`/api/workflows/${workflowId}/schedule`).send({ schedule: 'not a cron' }), 400);
    // A draft cannot run, a deleted asset or conversation is not found.
    expectError(await api(app, owner).post(`/api/workflows/${workflowId}/run`), 422);
    expectError(await api(app, owner).delete('/api/assets/999999'), 404);
    expectError(await api(app, owner).delete('/api/assistant/conversations').query({ id: '6f9619ff-8b86-4d11-b42d-00c04fc964ff' }), 404);
    expect(await count(owner.teamId)).toBe(before);
    expect(ofTarget(await trail(owner, owner.teamId), workflowId)).toEqual(['workflow.created']);
  });

  /**
   * Issue 31 item 4's leftover: a run in progress of someone else's workflow, paused on a step for
   * approval. A plain member is refused (403, not 404, nothing changed, nothing recorded); an admin
   * and the owner may decide and stop it.
   */
  it("refuses a member stopping or deciding another member's run in progress; an admin and the owner can", async () => {
    const [teamOwner, admin, member] = [await signUp(app), await signUp(app), await signUp(app)];
    const run = await pausedRun(app, mailing.smtp, teamOwner);
    for (const [user, role] of [[admin, 'admin'], [member, 'member']] as const) {
      await joinTeam(app, teamOwner, teamOwner.teamId, user, role);
      await api(app, user).post(`/api/teams/${teamOwner.teamId}/activate`).expect(200);
    }
    const runPath = `/api/workflows/${run.workflowId}/runs/${run.runId}`;
    const before = await count(teamOwner.teamId);
    expectError(await api(app, member).post(`${runPath}/stop`), 403);
    expectError(await api(app, member).post(`${runPath}/decision`).send({ stepIndex: REVIEWED_STEP, action: 'approve' }), 403);
    expectError(await api(app, member).post(`${runPath}/decision`).send({ stepIndex: REVIEWED_STEP, action: 'reject', note: 'no' }), 403);
    expect(await count(teamOwner.teamId)).toBe(before);
    const unchanged = (await api(app, teamOwner).get(runPath).expect(200)).body as { status: string; decisions: unknown[] };
    expect(unchanged).toMatchObject({ status: 'awaiting_approval', decisions: [] });

    // The admin decides the step; the run goes on to its end.
    await api(app, admin).post(`${runPath}/decision`).send({ stepIndex: REVIEWED_STEP, action: 'approve' }).expect(200);
    await waitForRun(app, teamOwner, run.workflowId, run.runId, 'completed');
    // A retry pauses on the same step again: the member may not stop it, an admin may.
    const retried = (await api(app, teamOwner).post(`${runPath}/retry`).send({}).expect(201)).body as { runId: number };
    await waitForRun(app, teamOwner, run.workflowId, retried.runId, 'awaiting_approval');
    expectError(await api(app, member).post(`/api/workflows/${run.workflowId}/runs/${retried.runId}/stop`), 403);
    await api(app, admin).post(`/api/workflows/${run.workflowId}/runs/${retried.runId}/stop`).expect(200);

    const events = await trail(teamOwner, teamOwner.teamId);
    expect(events.find((event) => event.action === 'run.step_decided' && event.targetId === String(run.runId))).toMatchObject({ actorId: admin.userId, changes: { channel: 'dashboard' } });
    expect(events.find((event) => event.action === 'run.stopped' && event.targetId === String(retried.runId))).toMatchObject({ actorId: admin.userId });
    expect(events.filter((event) => event.actorId === member.userId).map((event) => event.action)).toEqual(['invitation.accepted', 'member.added']);
  });
});
