import type { INestApplication } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { TEST_ENV } from '../../setup/test-env.js';

/** A reviewed step's policy when none was given: today's behaviour (the run's starter decides alone; no timers; it waits). */
const TODAYS_APPROVAL_POLICY = { approvers: 'starter', members: [], quorum: 1, remindAfterMinutes: null, escalateAfterMinutes: null, expireAfterMinutes: null, onExpiry: 'wait' };

const FRONTEND = 'http://frontend.test';
const GOAL = 'Outline a LinkedIn post about our launch, then write the post. Make an image for it and publish it after review.';

describe('workflows and plan approval', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, FRONTEND_URL: FRONTEND } });
    await resetDatabase(app);
    [alice, bob] = [await signUp(app), await signUp(app)];
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const approvalLink = async (user: TestUser, count = 1) => {
    const mail = await mailTo(smtp, user.email, /^Approve the plan/, count);
    const link = mail.links.find((candidate) => candidate.includes('/approve?token='));
    if (!link) throw new Error(`no approval link in: ${mail.text}`);
    return pathOf(link);
  };
  const follow = (path: string, userAgent = BROWSER) => api(app).get(path).set('User-Agent', userAgent);
  const statusOf = async (id: string) => (await api(app, alice).get(`/api/workflows/${id}`).expect(200)).body.status as string;
  const signApproval = (claims: object, options: { expiresIn?: number } = {}) =>
    new JwtService({ secret: TEST_ENV.APPROVAL_TOKEN_SECRET }).signAsync(claims, { expiresIn: options.expiresIn ?? 3600 });

  it('creates a draft from the goal, mails the plan, and the link in the mail activates it', async () => {
    const created = await createWorkflow(app, alice, { goal: GOAL, schedule: '0 9 * * 1', timezone: 'Europe/Lisbon' });
    expect(created).toEqual({
      workflowId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Outline a LinkedIn post about our launch, then write the post',
      steps: [
        { stepIndex: 0, description: 'Outline a LinkedIn post about our launch', agentId: 'social', requiresApproval: false, approvalPolicy: null },
        { stepIndex: 1, description: 'Write the post', agentId: 'social', requiresApproval: false, approvalPolicy: null },
        { stepIndex: 2, description: 'Make an image for the post, for your approval before it is published', agentId: 'social', requiresApproval: true, approvalPolicy: TODAYS_APPROVAL_POLICY },
      ],
      status: 'draft',
      schedule: '0 9 * * 1',
      message: expect.stringMatching(/approval link/),
    });

    const mail = await mailTo(smtp, alice.email, /^Approve the plan: Outline a LinkedIn post/);
    expect(mail.text).toContain(GOAL);
    expect(mail.text).toContain('1. Outline a LinkedIn post about our launch (agent: social)');
    expect(mail.text).toContain('0 9 * * 1 (Europe/Lisbon)');
    expect(mail.html).toContain('Approve the plan');

    const approve = await follow(await approvalLink(alice)).expect(302);
    expect(approve.headers.location).toBe(`${FRONTEND}/dashboard/workflows/${created.workflowId}`);
    const workflow = (await api(app, alice).get(`/api/workflows/${created.workflowId}`).expect(200)).body;
    expect(workflow).toMatchObject({ status: 'active', approvedBy: alice.email, approvedAt: expect.any(String), planVersion: 1 });

    const [decision] = await app.get(DataSource).query('SELECT * FROM approval_decisions WHERE workflow_id = $1', [created.workflowId]);
    expect(decision).toMatchObject({ kind: 'plan_approval', action: 'approve', recipient: alice.email, plan_version: 1, user_agent: BROWSER });

    // Clicked again: the same redirect, and nothing is decided twice.
    await follow(await approvalLink(alice)).expect(302);
    const [{ count }] = await app.get(DataSource).query('SELECT count(*)::int AS count FROM approval_decisions WHERE workflow_id = $1', [created.workflowId]);
    expect(count).toBe(1);
  });

  it('approves by a link whose workflow id was written in capitals, as the same workflow', async () => {
    const user = await signUp(app);
    const created = await createWorkflow(app, user, { goal: 'Write a post about capitals' });
    const link = await approvalLink(user);
    const shouted = link.replace(created.workflowId, created.workflowId.toUpperCase());
    expect(shouted).not.toBe(link);
    const response = await follow(shouted).expect(302);
    expect(response.headers.location).toBe(`${FRONTEND}/dashboard/workflows/${created.workflowId}`);
    expect((await api(app, user).get(`/api/workflows/${created.workflowId}`).expect(200)).body).toMatchObject({ status: 'active' });
  });

  it('link scanners (known bots, HEAD requests) get the confirmation page with 200 and change nothing', async () => {
    const created = await createWorkflow(app, alice, { goal: 'Write a post about testing' });
    const link = await approvalLink(alice, 2);
    expect(pathOf(`http://x${link}`)).toContain(created.workflowId);
    const bot = await follow(link, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').expect(200);
    // The page whose button would approve: opening it changes nothing.
    expect(bot.text).toMatch(/<form method="post" action="approve">/);
    await api(app).head(link).set('User-Agent', BROWSER).expect(200);
    expect(await statusOf(created.workflowId)).toBe('draft');
    await follow(link).expect(302);
    expect(await statusOf(created.workflowId)).toBe('active');
  });

  it('refuses tampered, expired, wrong-type, foreign and missing tokens with 400 and changes nothing', async () => {
    const first = await createWorkflow(app, alice, { goal: 'Write a script about databases' });
    const second = await createWorkflow(app, alice, { goal: 'Write a reel about coffee' });
    const base = `/api/workflows/${first.workflowId}/approve`;
    const valid = { typ: 'plan_approval', sub: first.workflowId, ver: 1, rcpt: alice.email, jti: 'test-jti' };
    const expired = await new JwtService({ secret: TEST_ENV.APPROVAL_TOKEN_SECRET }).signAsync({
      ...valid,
      iat: Math.floor(Date.now() / 1000) - 25 * 3600,
      exp: Math.floor(Date.now() / 1000) - 3600,
    });
    const good = await signApproval(valid);
    const cases: [string, string][] = [
      [`${base}?token=${good.slice(0, -2)}xx`, 'This approval link is invalid'],
      [`${base}?token=${await new JwtService({ secret: TEST_ENV.JWT_SECRET }).signAsync(valid)}`, 'This approval link is invalid'],
      [`${base}?token=${expired}`, 'This approval link has expired'],
      [`${base}?token=${await signApproval({ ...valid, typ: 'step_approval' })}`, 'This is not a plan approval link'],
      [`/api/workflows/${second.workflowId}/approve?token=${good}`, 'This approval link belongs to another workflow'],
      [base, 'The approval link has no token'],
      [`${base}?token=garbage`, 'This approval link is invalid'],
    ];
    for (const [path, message] of cases) {
      expectError(await follow(path).set('Accept', 'application/json'), 400, message);
    }
    const page = await follow(`${base}?token=${expired}`).set('Accept', 'text/html,application/xhtml+xml');
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('This approval link has expired');
    expect(await statusOf(first.workflowId)).toBe('draft');
    expect(await statusOf(second.workflowId)).toBe('draft');
    expectError(await follow('/api/workflows/not-a-uuid/approve?token=x'), 400);
  });

  it.each([
    [{}, [/^goal must not be blank$/]],
    [{ goal: '   ' }, [/^goal must not be blank$/]],
    [{ goal: 42 }, [/^goal must be a string$/]],
    [{ goal: 'x'.repeat(2001) }, [/^goal must be shorter than or equal to 2000 characters$/]],
    [{ goal: 'Write a post', schedule: 'every monday' }, [/^schedule is not a valid cron expression: expected 5 or 6 fields, got 2$/]],
    [{ goal: 'Write a post', schedule: '61 * * * *' }, [/^schedule is not a valid cron expression: /]],
    [{ goal: 'Write a post', schedule: '* * * * * * *' }, [/^schedule is not a valid cron expression: expected 5 or 6 fields, got 7$/]],
    [{ goal: 'Write a post', timezone: 'Mars/Olympus' }, [/^timezone must be an IANA time zone/]],
    // Valid fields, but no day matches: the 30th of February, the 31st of April.
    [{ goal: 'Write a post', schedule: '0 9 30 2 *' }, [/^schedule never fires: no date matches it$/]],
    [{ goal: 'Write a post', schedule: '0 9 31 4,6 *', timezone: 'Europe/Lisbon' }, [/^schedule never fires: no date matches it$/]],
    // The Quartz day forms the scheduler reads (L, 1#2, 5L) only as a whole day field, the other one *.
    [{ goal: 'Write a post', schedule: '0 0 L * 1' }, [/^schedule is not a valid cron expression: /]],
    [{ goal: 'Write a post', schedule: '0 0 15 * 1#2' }, [/^schedule is not a valid cron expression: /]],
    [{ goal: 'Write a post', schedule: '0 0 * * 1#6' }, [/^schedule is not a valid cron expression: /]],
    [{ goal: 'Write a post', schedule: '0 0 * * 1#2,3#2' }, [/^schedule is not a valid cron expression: /]],
    [{ goal: 'Write a post', schedule: '0 0 LW * *' }, [/^schedule is not a valid cron expression: /]],
    [{ goal: 'Write a post', status: 'active' }, [/^status: property status should not exist$/]],
  ])('answers 400 for %j and stores nothing', async (body, messages) => {
    const before = (await api(app, bob).get('/api/workflows').expect(200)).body.length;
    expectError(await api(app, bob).post('/api/workflows').send(body), 400, messages);
    expect((await api(app, bob).get('/api/workflows').expect(200)).body).toHaveLength(before);
  });

  it('accepts a seconds-level cron expression', async () => {
    const created = await createWorkflow(app, bob, { goal: 'Write a post', schedule: '*/30 * * * * *' });
    expect((await api(app, bob).get(`/api/workflows/${created.workflowId}`).expect(200)).body).toMatchObject({ schedule: '*/30 * * * * *', timezone: 'UTC' });
  });

  it.each([
    ['one 2,000-character word', 'a'.repeat(2000)],
    ['a list of 600 short items', 'x, '.repeat(600).trim()],
    ['a long sentence', `Write a LinkedIn post about ${'our very long product roadmap and '.repeat(55)}the team`],
  ])('plans the longest goals it accepts (%s): every step fits a step description', async (_, goal) => {
    expect(goal.length).toBeLessThanOrEqual(2000);
    const created = await createWorkflow(app, bob, { goal });
    expect(created.steps.length).toBeGreaterThan(0);
    for (const step of created.steps) expect(step.description.length).toBeLessThanOrEqual(1000);
    // An edit may send the plan back as it is.
    await api(app, bob).post(`/api/workflows/${created.workflowId}/steps`).send({ steps: created.steps }).expect(200);
  });

  it('accepts a schedule that fires once every four years (29 February), in any time zone', async () => {
    for (const timezone of ['UTC', 'Pacific/Kiritimati']) {
      const created = await createWorkflow(app, bob, { goal: 'Write a post', schedule: '0 9 29 2 *', timezone });
      expect((await api(app, bob).get(`/api/workflows/${created.workflowId}`).expect(200)).body).toMatchObject({ schedule: '0 9 29 2 *', timezone });
    }
  });

  describe('editing steps', () => {
    it('replaces a draft plan, invalidates the old link and mails a new one', async () => {
      const user = await signUp(app);
      const created = await createWorkflow(app, user, { goal: 'Write a post about hiring' });
      const oldLink = await approvalLink(user);
      const edited = await api(app, user)
        .post(`/api/workflows/${created.workflowId}/steps`)
        .send({
          steps: [
            { stepIndex: 1, description: 'Write a LinkedIn post about hiring', agentId: 'social', requiresApproval: true },
            { stepIndex: 0, description: 'Outline the post', agentId: 'social' },
          ],
        })
        .expect(200);
      expect(edited.body).toMatchObject({ status: 'draft', planVersion: 2 });
      expect(edited.body.workflowSteps).toEqual([
        { stepIndex: 0, description: 'Outline the post', agentId: 'social', requiresApproval: false, approvalPolicy: null },
        { stepIndex: 1, description: 'Write a LinkedIn post about hiring', agentId: 'social', requiresApproval: true, approvalPolicy: TODAYS_APPROVAL_POLICY },
      ]);

      expectError(await follow(oldLink).set('Accept', 'application/json'), 400, 'The plan changed since this link was sent; use the link in the newest email');
      const newMail = await mailTo(smtp, user.email, /^Approve the plan/, 2);
      expect(newMail.text).toContain('1. Outline the post (agent: social)');
      await follow(await approvalLink(user, 2)).expect(302);
      expect((await api(app, user).get(`/api/workflows/${created.workflowId}`).expect(200)).body).toMatchObject({ status: 'active', planVersion: 2 });
    });

    it('reads null optional step fields as not given, as for every optional field', async () => {
      const created = await createWorkflow(app, alice, { goal: 'Write a post about nulls' });
      const steps = [
        { description: 'Outline a post', stepIndex: null, agentId: null, requiresApproval: null },
        { description: 'Write the post', stepIndex: null, agentId: 'social', requiresApproval: true },
      ];
      const edited = (await api(app, alice).post(`/api/workflows/${created.workflowId}/steps`).send({ steps }).expect(200)).body;
      expect(edited.workflowSteps).toEqual([
        { stepIndex: 0, description: 'Outline a post', agentId: 'general', requiresApproval: false, approvalPolicy: null },
        { stepIndex: 1, description: 'Write the post', agentId: 'social', requiresApproval: true, approvalPolicy: TODAYS_APPROVAL_POLICY },
      ]);
    });

    it('puts an active workflow back to draft, needing a new approval', async () => {
      const user = await signUp(app);
      const created = await createWorkflow(app, user, { goal: 'Write a post about remote work' });
      await follow(await approvalLink(user)).expect(302);
      await api(app, user)
        .post(`/api/workflows/${created.workflowId}/steps`)
        .send({ steps: [{ description: 'Write a shorter post' }] })
        .expect(200);
      const workflow = (await api(app, user).get(`/api/workflows/${created.workflowId}`).expect(200)).body;
      expect(workflow).toMatchObject({ status: 'draft', planVersion: 2, approvedAt: null, approvedBy: null });
      expect(workflow.workflowSteps).toEqual([{ stepIndex: 0, description: 'Write a shorter post', agentId: 'general', requiresApproval: false, approvalPolicy: null }]);
      await mailTo(smtp, user.email, /^Approve the plan/, 2);
    });

    it.each([
      [{ steps: [] }, [/^steps must contain between 1 and 20 steps$/]],
      [{ steps: Array.from({ length: 21 }, (_, i) => ({ description: `Step ${i}` })) }, [/^steps must contain between 1 and 20 steps$/]],
      [{ steps: [{ description: 'A', stepIndex: 0 }, { description: 'B', stepIndex: 2 }] }, 'stepIndex values must run from 0 to 1 without gaps or repeats'],
      [{ steps: [{ description: 'A', stepIndex: 0 }, { description: 'B', stepIndex: 0 }] }, 'stepIndex values must run from 0 to 1 without gaps or repeats'],
      [{ steps: [{ description: 'A', stepIndex: 0 }, { description: 'B' }] }, 'stepIndex must be given for every step or for none'],
      [{ steps: [{ description: 'A', agentId: 'lawyer' }] }, [/^steps\.0\.agentId must be one of: social, video, finance, legal, general$/]],
      [{ steps: [{ description: '  ' }] }, [/^steps\.0\.description should not be empty$/]],
      [{ steps: [{ description: 'A', stepIndex: -1 }] }, [/^steps\.0\.stepIndex must not be less than 0$/]],
      [{ steps: 'all of them' }, [/^steps must be an array$/]],
      [{ steps: [[{ description: 'A' }]] }, [/^steps must be a list of step objects$/]],
      [{ steps: [{ description: 'A' }, [{ description: 'B' }, { description: 'C' }]] }, [/^steps must be a list of step objects$/]],
      [{ steps: [{ description: 'A' }, null] }, [/^steps must be a list of step objects$/]],
    ])('answers 400 for %j and keeps the plan', async (body, message) => {
      const created = await createWorkflow(app, alice, { goal: 'Write a post about plans' });
      const response = await api(app, alice).post(`/api/workflows/${created.workflowId}/steps`).send(body);
      expectError(response, 400, message);
      const workflow = (await api(app, alice).get(`/api/workflows/${created.workflowId}`).expect(200)).body;
      expect(workflow.planVersion).toBe(1);
      expect(workflow.workflowSteps).toEqual(created.steps);
    });
  });

  it('lists the team’s workflows, newest first, with step count and latest run', async () => {
    const user = await signUp(app);
    const older = await createWorkflow(app, user, { goal: 'Write a post. Then make an image.' });
    const newer = await createWorkflow(app, user, { goal: 'Review the contract' });
    const list = (await api(app, user).get('/api/workflows').expect(200)).body;
    expect(list.map((workflow: { id: string }) => workflow.id)).toEqual([newer.workflowId, older.workflowId]);
    expect(list[1]).toEqual({
      id: older.workflowId,
      title: 'Write a post',
      goal: 'Write a post. Then make an image.',
      status: 'draft',
      schedule: null,
      timezone: 'UTC',
      planVersion: 1,
      approvedAt: null,
      approvedBy: null,
      createdBy: user.userId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      stepCount: 2,
      latestRun: null,
    });
    const detail = (await api(app, user).get(`/api/workflows/${older.workflowId}`).expect(200)).body;
    // Named so that the dashboard shows `own`-only actions on the caller's own workflows alone.
    expect(detail.createdBy).toBe(user.userId);
    expect(detail.workflowSteps.map((step: { stepIndex: number }) => step.stepIndex)).toEqual([0, 1]);
    expect(detail.workflowRuns).toEqual([]);
  });

  it("hides another team's workflows: 404 for get, steps and delete", async () => {
    const created = await createWorkflow(app, alice, { goal: 'Secret plan' });
    expectError(await api(app, bob).get(`/api/workflows/${created.workflowId}`), 404, 'Workflow not found');
    expectError(await api(app, bob).post(`/api/workflows/${created.workflowId}/steps`).send({ steps: [{ description: 'Mine now' }] }), 404);
    expectError(await api(app, bob).delete(`/api/workflows/${created.workflowId}`), 404);
    expect((await api(app, bob).get('/api/workflows').expect(200)).body.map((w: { id: string }) => w.id)).not.toContain(created.workflowId);
    expect(await statusOf(created.workflowId)).toBe('draft');
    expectError(await api(app, alice).get('/api/workflows/not-a-uuid'), 400);
  });

  it('deletes a workflow', async () => {
    const created = await createWorkflow(app, alice, { goal: 'Short-lived plan' });
    await api(app, alice).delete(`/api/workflows/${created.workflowId}`).expect(200, { success: true });
    expectError(await api(app, alice).get(`/api/workflows/${created.workflowId}`), 404);
    expectError(await api(app, alice).delete(`/api/workflows/${created.workflowId}`), 404);
  });

  it.each([
    ['post', '/api/workflows'],
    ['get', '/api/workflows'],
    ['get', '/api/workflows/6f9619ff-8b86-4d11-b42d-00c04fc964ff'],
    ['post', '/api/workflows/6f9619ff-8b86-4d11-b42d-00c04fc964ff/steps'],
    ['delete', '/api/workflows/6f9619ff-8b86-4d11-b42d-00c04fc964ff'],
  ] as const)('%s %s answers 401 without credentials', async (method, path) => {
    expectError(await api(app)[method](path), 401, 'Authentication required');
  });
});

describe('plan approval mail while the mail server is down', () => {
  it('creates the workflow at once and delivers the mail when the server is back', async () => {
    const { freePort } = await import('../../helpers/ports.js');
    const port = await freePort();
    const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      await resetDatabase(app);
      const user = await signUp(app);
      const started = Date.now();
      const created = await createWorkflow(app, user, { goal: 'Write a post while mail is down' });
      expect(Date.now() - started).toBeLessThan(5000);
      const dataSource = app.get(DataSource);
      const { waitFor } = await import('../../helpers/mail-catcher.js');
      await waitFor(async () => {
        const rows = await dataSource.query(`SELECT attempts, last_error FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Approve the plan%'`, [user.email]);
        return rows[0]?.attempts >= 1 && rows[0]?.last_error;
      }, 'a failed first delivery');

      const smtp = await startSmtpServer(port);
      try {
        await dataSource.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = $1`, [user.email]);
        const { MailOutboxWorker } = await import('../../../src/mail/mail-outbox.worker.js');
        await app.get(MailOutboxWorker).deliverDue();
        const mail = await mailTo(smtp, user.email, /^Approve the plan/);
        expect(mail.links.some((link) => link.includes(`/api/workflows/${created.workflowId}/approve?token=`))).toBe(true);
        // Once: the sign-up's verification mail, also held back by the outage, is the only other one.
        const { parseEml } = await import('../../helpers/mail-catcher.js');
        expect(smtp.messages.filter((message) => /^Approve the plan/.test(parseEml(message.raw).headers.subject ?? ''))).toHaveLength(1);
      } finally {
        await smtp.close();
      }
    } finally {
      await app.close();
    }
  });
});
