import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import type { TestSmtpServer } from '../../helpers/mail-catcher.js';
import { type AppWithMail, startAppWithMail } from '../../helpers/mailing-app.js';
import { pausedRun, REVIEWED_STEP, type PausedRun } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';
import type { InboxDecisionResult, InboxItem, PlanInboxItem, StepInboxItem } from '../../../src/approvals/approvals.response.js';
import type { Role } from '../../../src/teams/entities/membership.entity.js';

const HOUR = 3600_000;

/** Issue 36 item 3: GET /api/approvals and POST /api/approvals/decide, across roles and teams. */
describe('the approvals inbox', () => {
  let smtp: TestSmtpServer;
  let app: INestApplication;
  let dataSource: DataSource;
  let mailing: AppWithMail;

  beforeAll(async () => {
    ({ app, smtp } = mailing = await startAppWithMail({ LOG_LEVEL: 'error' }));
    dataSource = app.get(DataSource);
  });
  afterAll(() => mailing.close());

  const inbox = async (user: TestUser) => (await api(app, user).get('/api/approvals').expect(200)).body as InboxItem[];
  const decide = (user: TestUser, decisions: unknown) => api(app, user).post('/api/approvals/decide').send({ decisions });
  const stepItem = (run: PausedRun, attempt = 1) => ({ kind: 'step', workflowId: run.workflowId, runId: run.runId, stepIndex: REVIEWED_STEP, attempt });
  const decisionCount = async () => (await dataSource.query<{ count: number }[]>('SELECT count(*)::int AS count FROM approval_decisions'))[0].count;
  const stepStatus = async (runId: number) =>
    (await dataSource.query<{ status: string; attempt: number }[]>('SELECT status, attempt FROM run_steps WHERE run_id = $1 AND step_index = $2', [runId, REVIEWED_STEP]))[0];

  /** A team: its owner, and colleagues in the roles asked, each switched to it. */
  async function team(...roles: Role[]): Promise<{ owner: TestUser; colleagues: TestUser[] }> {
    const owner = await signUp(app);
    const colleagues: TestUser[] = [];
    for (const role of roles) {
      const colleague = await signUp(app);
      await joinTeam(app, owner, owner.teamId, colleague, role);
      await api(app, colleague).post(`/api/teams/${owner.teamId}/activate`).expect(200);
      colleagues.push({ ...colleague, teamId: owner.teamId });
    }
    return { owner, colleagues };
  }

  // Three runs taken to a paused step one after another: longer than the default 30 s on a busy machine.
  it("lists what waits for each caller: their plan approvals, the steps they may decide, with age, due time, run and what the step made; nothing of another team's", async () => {
    const { owner, colleagues } = await team('admin', 'member', 'member');
    const [admin, member, otherMember] = colleagues;
    const ownerRun = await pausedRun(app, smtp, owner);
    const memberRun = await pausedRun(app, smtp, member);
    const draft = await createWorkflow(app, owner, { goal: 'Write a LinkedIn post about our hiring week' });
    const outsider = await signUp(app);
    const outsiderRun = await pausedRun(app, smtp, outsider);

    const ownerItems = await inbox(owner);
    expect(ownerItems.map((item) => `${item.kind}:${item.workflowId}`).sort()).toEqual(
      [`plan:${draft.workflowId}`, `step:${ownerRun.workflowId}`, `step:${memberRun.workflowId}`].sort(),
    );
    const step = ownerItems.find((item): item is StepInboxItem => item.kind === 'step' && item.runId === ownerRun.runId)!;
    const [asset] = (await api(app, owner).get(`/api/assets?runId=${ownerRun.runId}&type=social_post`).expect(200)).body as { id: number; title: string }[];
    expect(step).toMatchObject({
      runNumber: 1,
      stepIndex: REVIEWED_STEP,
      attempt: 1,
      stepDescription: expect.stringMatching(/^Write the LinkedIn post/),
      made: [{ id: asset.id, type: 'social_post', title: asset.title }],
      output: expect.stringContaining('#'),
    });
    expect(step.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(step.dueAt) - Date.parse(step.waitingSince)).toBe(2 * HOUR);
    const plan = ownerItems.find((item): item is PlanInboxItem => item.kind === 'plan')!;
    expect(plan).toMatchObject({ planVersion: 1, stepCount: 1, workflowTitle: expect.any(String) });
    expect(Date.parse(plan.dueAt) - Date.parse(plan.waitingSince)).toBe(24 * HOUR);

    // An admin decides every step of the team but is not mailed the owner's plan.
    expect((await inbox(admin)).map((item) => `${item.kind}:${item.workflowId}`).sort()).toEqual([`step:${ownerRun.workflowId}`, `step:${memberRun.workflowId}`].sort());
    // A member: only their own workflow's step and nothing else; another member: nothing.
    expect((await inbox(member)).map((item) => `${item.kind}:${item.workflowId}`)).toEqual([`step:${memberRun.workflowId}`]);
    expect(await inbox(otherMember)).toEqual([]);
    // The other team's owner sees their own and nothing of this team.
    expect((await inbox(outsider)).map((item) => `${item.kind}:${item.workflowId}`)).toEqual([`step:${outsiderRun.workflowId}`]);
  }, 120_000);

  it('refuses a viewer (403) and a caller without credentials (401)', async () => {
    const { colleagues } = await team('viewer');
    expectError(await api(app, colleagues[0]).get('/api/approvals'), 403);
    expectError(await decide(colleagues[0], [{ kind: 'plan', workflowId: '6f9619ff-8b86-4d11-b42d-00c04fc964ff', planVersion: 1, action: 'approve' }]), 403);
    expectError(await api(app).get('/api/approvals'), 401);
  });

  it('decides several at once, each through the normal path, answering per item; nothing of another team or of what the caller may not decide', async () => {
    const { owner, colleagues } = await team('member');
    const [member] = colleagues;
    const ownerRun = await pausedRun(app, smtp, owner);
    const memberRun = await pausedRun(app, smtp, member);
    const draft = await createWorkflow(app, owner, { goal: 'Write a LinkedIn post about our office move' });
    const outsider = await signUp(app);
    const outsiderRun = await pausedRun(app, smtp, outsider);
    const before = await decisionCount();

    // The member: their own step is rejected with a note; the owner's step and plan are not theirs; another team's run is not found.
    const memberAnswer = await decide(member, [
      { ...stepItem(memberRun), action: 'reject', note: 'Shorter, please' },
      { ...stepItem(ownerRun), action: 'approve' },
      { kind: 'plan', workflowId: draft.workflowId, planVersion: 1, action: 'approve' },
      { ...stepItem(outsiderRun), action: 'approve' },
    ]).expect(200);
    expect((memberAnswer.body as { results: InboxDecisionResult[] }).results.map((result) => result.status)).toEqual([200, 403, 403, 404]);
    expect(await stepStatus(memberRun.runId)).toMatchObject({ attempt: 2 });
    expect(await stepStatus(ownerRun.runId)).toEqual({ status: 'awaiting_approval', attempt: 1 });
    expect(await stepStatus(outsiderRun.runId)).toEqual({ status: 'awaiting_approval', attempt: 1 });
    const [rejected] = await dataSource.query<{ action: string; note: string; decided_by_user_id: string; jti: string | null }[]>(
      'SELECT action, note, decided_by_user_id, jti FROM approval_decisions WHERE run_id = $1',
      [memberRun.runId],
    );
    expect(rejected).toEqual({ action: 'reject', note: 'Shorter, please', decided_by_user_id: member.userId, jti: null });

    // The owner: their step and their plan, then the same again (409 each: decided already).
    const ownerDecisions = [
      { ...stepItem(ownerRun), action: 'approve' },
      { kind: 'plan', workflowId: draft.workflowId, planVersion: 1, action: 'approve' },
    ];
    const first = (await decide(owner, ownerDecisions).expect(200)).body as { results: InboxDecisionResult[] };
    expect(first.results).toMatchObject([
      { kind: 'step', runId: ownerRun.runId, stepIndex: REVIEWED_STEP, action: 'approve', status: 200 },
      { kind: 'plan', workflowId: draft.workflowId, status: 200 },
    ]);
    expect((await api(app, owner).get(`/api/workflows/${draft.workflowId}`).expect(200)).body).toMatchObject({ status: 'active' });
    const second = (await decide(owner, ownerDecisions).expect(200)).body as { results: InboxDecisionResult[] };
    expect(second.results.map((result) => [result.status, result.message])).toEqual([
      [409, 'This step is no longer awaiting approval'],
      [409, 'The plan is approved already'],
    ]);
    expect(await decisionCount()).toBe(before + 3);
    const [planDecision] = await dataSource.query<{ plan_version: number; decided_by_user_id: string }[]>(
      `SELECT plan_version, decided_by_user_id FROM approval_decisions WHERE workflow_id = $1 AND kind = 'plan_approval'`,
      [draft.workflowId],
    );
    expect(planDecision).toEqual({ plan_version: 1, decided_by_user_id: owner.userId });
    // What is left: the member's redo, once it waits, which the owner may decide too.
    await waitForRun(app, owner, memberRun.workflowId, memberRun.runId, 'awaiting_approval');
    expect((await inbox(owner)).map((item) => item.kind === 'step' && [item.runId, item.attempt])).toEqual([[memberRun.runId, 2]]);
  }, 120_000);

  it('decides one attempt once under concurrent requests, and never an attempt the caller did not see', async () => {
    const owner = await signUp(app);
    const run = await pausedRun(app, smtp, owner);
    expect((await decide(owner, [{ ...stepItem(run, 2), action: 'approve' }]).expect(200)).body.results[0]).toMatchObject({ status: 409 });
    const before = await decisionCount();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => decide(owner, [{ ...stepItem(run), action: index % 2 ? 'approve' : 'reject', note: 'Again' }]).expect(200)),
    );
    const statuses = answers.map((answer) => (answer.body as { results: InboxDecisionResult[] }).results[0].status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(await decisionCount()).toBe(before + 1);
  }, 120_000);

  it('refuses a malformed request whole with 400 and decides nothing', async () => {
    const owner = await signUp(app);
    const run = await pausedRun(app, smtp, owner);
    const draft = await createWorkflow(app, owner, { goal: 'Write a LinkedIn post about our new logo' });
    const good = { ...stepItem(run), action: 'approve' };
    const before = await decisionCount();
    const bad: [unknown, RegExp][] = [
      [[], /decisions must contain between 1 and 50 items/],
      [Array.from({ length: 51 }, () => good), /decisions must contain between 1 and 50 items/],
      ['approve', /decisions must be a list/],
      [[good, 'approve'], /decisions must be a list of objects/],
      [[good, { ...good, runId: undefined }], /runId must be a whole number/],
      [[good, { ...good, attempt: '1' }], /attempt must be a whole number/],
      [[good, { ...good, kind: 'tool' }], /kind must be plan or step/],
      [[good, { ...good, workflowId: 'nope' }], /workflowId must be a UUID/],
      [[good, { ...good, action: 'maybe' }], /action must be approve or reject/],
      [[good, { ...good, note: 'x'.repeat(2001) }], /note must be at most 2000 characters/],
      [[good, { kind: 'plan', workflowId: draft.workflowId, action: 'approve' }], /planVersion must be a whole number/],
      [[{ ...good, edits: { assetId: 1, content: 'x' } }], /edits must be a list/],
      [[{ ...good, edits: [{ assetId: 'x', content: 'x' }] }], /assetId must be a whole number/],
      [[{ ...good, edits: [{ assetId: 1, content: 'x'.repeat(20_001) }] }], /content must be at most 20000 characters/],
    ];
    for (const [decisions, message] of bad) {
      const response = await decide(owner, decisions);
      expect(response.status, JSON.stringify(decisions).slice(0, 80)).toBe(400);
      expectError(response, 400, [message]);
    }
    expectError(await decide(owner, [good, { kind: 'plan', workflowId: draft.workflowId, planVersion: 1, action: 'reject' }]), 400, 'A plan is only approved: edit it to change it');
    expectError(
      await decide(owner, [good, { kind: 'plan', workflowId: draft.workflowId, planVersion: 1, action: 'approve', edits: [] }]),
      400,
      'edits are for a step: a plan is changed by editing it',
    );
    expect(await decisionCount()).toBe(before);
    expect(await stepStatus(run.runId)).toEqual({ status: 'awaiting_approval', attempt: 1 });
  }, 120_000);

  it("approves a step with an edit of what it made, each checked as the dashboard's decision is", async () => {
    const owner = await signUp(app);
    const run = await pausedRun(app, smtp, owner);
    const stranger = await signUp(app);
    const other = await pausedRun(app, smtp, stranger);
    const postOf = async (user: TestUser, runId: number) =>
      ((await api(app, user).get(`/api/assets?runId=${runId}&type=social_post`).expect(200)).body as { id: number; content: string }[])[0];
    const post = await postOf(owner, run.runId);
    // Another team's asset, or a rejection with edits: refused for that item, nothing stored.
    const [foreign, rejecting] = ((
      await decide(owner, [
        { ...stepItem(run), action: 'approve', edits: [{ assetId: (await postOf(stranger, other.runId)).id, content: 'Mine now' }] },
        { ...stepItem(run), action: 'reject', note: 'Shorter', edits: [{ assetId: post.id, content: 'Edited' }] },
      ]).expect(200)
    ).body as { results: InboxDecisionResult[] }).results;
    expect(foreign).toMatchObject({ status: 404, message: /is not one this step made/ });
    expect(rejecting).toMatchObject({ status: 400, message: 'edits go with approve only' });
    expect(await stepStatus(run.runId)).toEqual({ status: 'awaiting_approval', attempt: 1 });

    const [approved] = ((await decide(owner, [{ ...stepItem(run), action: 'approve', edits: [{ assetId: post.id, content: 'Edited in the inbox' }] }]).expect(200))
      .body as { results: InboxDecisionResult[] }).results;
    expect(approved).toMatchObject({ status: 200, message: 'Step approved; the run goes on' });
    expect((await postOf(owner, run.runId)).content).toBe('Edited in the inbox');
    expect((await postOf(stranger, other.runId)).content).not.toBe('Mine now');
  }, 120_000);
});
