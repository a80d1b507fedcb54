import { AssetsService } from '../../../src/assets/assets.service.js';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WebhookOutboxService } from '../../../src/webhook-events/webhook-outbox.service.js';
import type { DeliveriesResponse, WebhookResponse, WebhookWithSecretResponse } from '../../../src/webhooks/webhooks.response.js';
import { api, type Caller } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { startMailingApp } from '../../helpers/mailing-app.js';
import { waitForRun } from '../../helpers/runs.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { Receiver, type Received, verifiesBySpec, verifiesWithLibrary } from '../../helpers/webhook-receiver.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';

const eventOf = (request: Received) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> };

describe('webhooks', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let owner: TestUser;
  let close: () => Promise<void>;
  let db: DataSource;
  const receiver = new Receiver();

  beforeAll(async () => {
    await receiver.start();
    ({ app, smtp, user: owner, close } = await startMailingApp({
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_SECRET_OVERLAP_HOURS: '1',
      INVITATION_MAIL_INTERVAL_SECONDS: '0',
    }));
    db = app.get(DataSource);
  });
  afterAll(async () => {
    await close();
    await receiver.stop();
  });

  const create = async (caller: Caller, teamId: string, path: string, eventTypes: string[]): Promise<WebhookWithSecretResponse> =>
    (await api(app, caller).post(`/api/teams/${teamId}/webhooks`).send({ url: `${receiver.base}${path}`, eventTypes, description: path }).expect(201))
      .body as WebhookWithSecretResponse;
  const deliveries = async (caller: Caller, teamId: string, id: string): Promise<DeliveriesResponse['items']> =>
    ((await api(app, caller).get(`/api/teams/${teamId}/webhooks/${id}/deliveries`).expect(200)).body as DeliveriesResponse).items;
  /** An event written as a feature writes one, in a transaction of its own. */
  const emit = (teamId: string, data: Record<string, unknown>) =>
    db.transaction((manager) => app.get(WebhookOutboxService).emit(manager, teamId, 'budget.threshold', data));
  const endpointCount = async () => Number((await db.query<{ count: string }[]>('SELECT count(*) FROM webhook_endpoints'))[0].count);

  it('delivers a run\'s lifecycle in order, signed so that both the library and the spec verify it, and never to another team', async () => {
    const other = await signUp(app);
    const mine = await create(owner, owner.teamId, '/runs', ['run.started', 'run.completed', 'run.failed']);
    await create(owner, owner.teamId, '/workflows', ['workflow.plan_approval_requested', 'workflow.activated', 'workflow.deleted']);
    const theirs = await create(other, other.teamId, '/other-team', ['run.started', 'run.completed', 'budget.threshold']);
    expect(mine.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(theirs.secret).not.toBe(mine.secret);

    const workflow = await createWorkflow(app, owner, { goal: 'Write a post about webhooks' });
    await api(app).get(pathOf((await mailTo(smtp, owner.email, /^Approve the plan/)).links[0])).set('User-Agent', BROWSER).expect(302);
    const { runId } = (await api(app, owner).post(`/api/workflows/${workflow.workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, owner, workflow.workflowId, runId, 'completed');

    const received = await waitFor(() => Promise.resolve(receiver.at('/runs').length >= 2 && receiver.at('/runs')), 'two run events');
    expect(received.map((request) => eventOf(request).type)).toEqual(['run.started', 'run.completed']);
    expect(eventOf(received[1]).data).toMatchObject({ runId, workflowId: workflow.workflowId, status: 'completed' });
    for (const request of received) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
      expect(verifiesWithLibrary(mine.secret, request)).toBe(true);
      expect(verifiesBySpec(mine.secret, request)).toBe(true);
      expect(verifiesBySpec(theirs.secret, request)).toBe(false);
    }
    const log = await deliveries(owner, owner.teamId, mine.id);
    expect(log.map((delivery) => [delivery.eventType, delivery.status, delivery.attempts, delivery.responseStatus])).toEqual([
      ['run.completed', 'delivered', 1, 200],
      ['run.started', 'delivered', 1, 200],
    ]);
    expect(log[0].latencyMs).toEqual(expect.any(Number));
    await api(app, owner).delete(`/api/workflows/${workflow.workflowId}`).expect(200);
    const workflowEvents = await waitFor(() => Promise.resolve(receiver.at('/workflows').length >= 3 && receiver.at('/workflows')), 'workflow events');
    expect(workflowEvents.map((request) => [eventOf(request).type, eventOf(request).data.workflowId])).toEqual([
      ['workflow.plan_approval_requested', workflow.workflowId],
      ['workflow.activated', workflow.workflowId],
      ['workflow.deleted', workflow.workflowId],
    ]);
    // The other team's endpoint heard nothing of it, and its log is its own.
    expect(receiver.at('/other-team')).toEqual([]);
    expect(await deliveries(other, other.teamId, theirs.id)).toEqual([]);
    expectError(await api(app, other).get(`/api/teams/${owner.teamId}/webhooks/${mine.id}/deliveries`), 404);
    expectError(await api(app, owner).get(`/api/teams/${owner.teamId}/webhooks/${theirs.id}`), 404, 'Webhook not found');
  });

  it('reports a paused run and the decision on its step', async () => {
    await create(owner, owner.teamId, '/approvals', ['run.awaiting_approval', 'step.decided', 'run.completed']);
    const workflow = await createWorkflow(app, owner, { goal: 'Outline a LinkedIn post about teamwork. Then write the LinkedIn post and have it reviewed.' });
    await api(app).get(pathOf((await mailTo(smtp, owner.email, /^Approve the plan/, 2)).links[0])).set('User-Agent', BROWSER).expect(302);
    const { runId } = (await api(app, owner).post(`/api/workflows/${workflow.workflowId}/run`).expect(201)).body as { runId: number };
    const approval = await mailTo(smtp, owner.email, /^Approve step/);
    await api(app).get(pathOf(approval.links.find((link) => link.endsWith('action=approve'))!)).set('User-Agent', BROWSER).expect(302);
    await waitForRun(app, owner, workflow.workflowId, runId, 'completed');
    const received = await waitFor(() => Promise.resolve(receiver.at('/approvals').length >= 3 && receiver.at('/approvals')), 'approval events');
    expect(received.map((request) => eventOf(request).type)).toEqual(['run.awaiting_approval', 'step.decided', 'run.completed']);
    expect(eventOf(received[1]).data).toMatchObject({ runId, stepIndex: 1, action: 'approve' });
  });

  it('sends asset.created, written by the asset insert itself, signed, to the asset\'s team only', async () => {
    const hook = await create(owner, owner.teamId, '/assets', ['asset.created']);
    const other = await signUp(app);
    await create(other, other.teamId, '/other-assets', ['run.completed']);
    const eventsBefore = Number((await db.query<{ count: string }[]>('SELECT count(*) FROM webhook_events WHERE team_id = $1', [other.teamId]))[0].count);

    // A team's asset (a member's private chat's assets send no event: test/e2e/assets/private-assets.e2e-spec.ts).
    const asset = await app
      .get(AssetsService)
      .create({ teamId: owner.teamId, conversationId: null, runId: null }, { type: 'social_post', title: 'Our launch', content: 'We launched.', metadata: {} });
    const [received] = await waitFor(() => Promise.resolve(receiver.at('/assets').length >= 1 && receiver.at('/assets')), 'the asset event');
    expect(eventOf(received)).toMatchObject({
      type: 'asset.created',
      data: { assetId: asset.id, type: 'social_post', title: 'Our launch', conversationId: null, runId: null },
    });
    expect(received.body).not.toContain('"content"');
    expect(verifiesWithLibrary(hook.secret, received)).toBe(true);
    expect(verifiesBySpec(hook.secret, received)).toBe(true);

    // A team whose endpoints do not take asset.created writes no event for its assets.
    await chat(app, other, { agentId: 'social', messages: [userMessage('Write a LinkedIn post about our launch')] });
    expect(Number((await db.query<{ count: string }[]>('SELECT count(*) FROM webhook_events WHERE team_id = $1', [other.teamId]))[0].count)).toBe(eventsBefore);
    expect(receiver.at('/other-assets')).toEqual([]);
  });

  it('sends member events in the transaction of the change', async () => {
    const hook = await create(owner, owner.teamId, '/members', ['member.added', 'member.removed']);
    const colleague = await signUp(app);
    await joinTeam(app, owner, owner.teamId, colleague);
    await api(app, owner).delete(`/api/teams/${owner.teamId}/members/${colleague.userId}`).expect(200);
    const received = await waitFor(() => Promise.resolve(receiver.at('/members').length >= 2 && receiver.at('/members')), 'member events');
    expect(received.map((request) => [eventOf(request).type, eventOf(request).data.userId])).toEqual([
      ['member.added', colleague.userId],
      ['member.removed', colleague.userId],
    ]);
    expect(verifiesBySpec(hook.secret, received[0])).toBe(true);
  });

  it('retries a failed attempt with the same webhook-id: 500 then 200 is delivered on attempt 2', async () => {
    const hook = await create(owner, owner.teamId, '/flaky', ['budget.threshold']);
    receiver.answers.set('/flaky', [500]);
    await emit(owner.teamId, { percent: 80 });
    const received = await waitFor(() => Promise.resolve(receiver.at('/flaky').length >= 2 && receiver.at('/flaky')), 'a retry');
    expect(received[0].headers['webhook-id']).toBe(received[1].headers['webhook-id']);
    const [delivery] = await waitFor(async () => {
      const log = await deliveries(owner, owner.teamId, hook.id);
      return log[0]?.status === 'delivered' && log;
    }, 'the delivery to settle');
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200, error: null });
  });

  it('keeps an endpoint\'s events in order behind a failing one, disables it after its attempts and mails the owners', async () => {
    const hook = await create(owner, owner.teamId, '/dead', ['budget.threshold']);
    await emit(owner.teamId, { percent: 90 });
    await emit(owner.teamId, { percent: 100 });
    const disabled = await waitFor(async () => {
      const endpoint = (await api(app, owner).get(`/api/teams/${owner.teamId}/webhooks/${hook.id}`).expect(200)).body as WebhookResponse;
      return !endpoint.enabled && endpoint;
    }, 'the endpoint to be disabled');
    expect(disabled.disabledReason).toMatch(/^3 attempts failed; last: HTTP 500/);
    // Three attempts of the first event; the second waited behind it and was never sent.
    expect(receiver.at('/dead').map((request) => eventOf(request).data.percent)).toEqual([90, 90, 90]);
    const mail = await mailTo(smtp, owner.email, /^Webhook endpoint disabled/);
    expect(mail.text).toContain(`${receiver.base}/dead`);
    const log = await deliveries(owner, owner.teamId, hook.id);
    expect(log.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['pending', 0],
      ['failed', 3],
    ]);

    // Enabled again once the receiver answers: the waiting event goes out, and the failed one on request.
    receiver.answers.set('/dead', [200, 200]);
    await api(app, owner).patch(`/api/teams/${owner.teamId}/webhooks/${hook.id}`).send({ enabled: true }).expect(200);
    await waitFor(() => Promise.resolve(receiver.at('/dead').length >= 4), 'the waiting event');
    expect(eventOf(receiver.at('/dead')[3]).data.percent).toBe(100);
    const failed = log[1];
    await api(app, owner).post(`/api/teams/${owner.teamId}/webhooks/${hook.id}/redeliver`).send({ eventId: failed.eventId }).expect(200, { queued: 1 });
    await waitFor(() => Promise.resolve(receiver.at('/dead').length >= 5), 'the redelivered event');
    expect(receiver.at('/dead')[4].headers['webhook-id']).toBe(`msg_${failed.eventId}`);
  });

  it('redelivers every event of a time range, in order', async () => {
    const hook = await create(owner, owner.teamId, '/range', ['budget.threshold']);
    const from = new Date(Date.now() - 1000).toISOString();
    await emit(owner.teamId, { percent: 1 });
    await emit(owner.teamId, { percent: 2 });
    await waitFor(() => Promise.resolve(receiver.at('/range').length >= 2), 'the first sending');
    const to = new Date(Date.now() + 1000).toISOString();
    await api(app, owner).post(`/api/teams/${owner.teamId}/webhooks/${hook.id}/redeliver-range`).send({ from, to }).expect(200, { queued: 2 });
    await waitFor(() => Promise.resolve(receiver.at('/range').length >= 4), 'the redelivery');
    expect(receiver.at('/range').map((request) => eventOf(request).data.percent)).toEqual([1, 2, 1, 2]);
    expectError(await api(app, owner).post(`/api/teams/${owner.teamId}/webhooks/${hook.id}/redeliver-range`).send({ from: to, to: from }), 400, 'from must be before to');
    expectError(await api(app, owner).post(`/api/teams/${owner.teamId}/webhooks/${hook.id}/redeliver-range`).send({ from: 'yesterday', to }), 400, [/from must be an ISO 8601 date/]);
    expectError(await api(app, owner).post(`/api/teams/${owner.teamId}/webhooks/${hook.id}/redeliver`).send({ eventId: '00000000-0000-4000-8000-000000000000' }), 404);
  });

  it('signs with both secrets during the overlap after a rotation', async () => {
    const hook = await create(owner, owner.teamId, '/rotated', ['budget.threshold']);
    const rotated = (await api(app, owner).post(`/api/teams/${owner.teamId}/webhooks/${hook.id}/rotate-secret`).expect(200)).body as WebhookWithSecretResponse;
    expect(rotated.secret).not.toBe(hook.secret);
    expect(new Date(rotated.previousSecretExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    await emit(owner.teamId, { percent: 50 });
    const [request] = await waitFor(() => Promise.resolve(receiver.at('/rotated').length >= 1 && receiver.at('/rotated')), 'a delivery');
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [hook.secret, rotated.secret]) {
      expect(verifiesBySpec(secret, request)).toBe(true);
      expect(verifiesWithLibrary(secret, request)).toBe(true);
    }
    // Once the overlap is over, only the new secret signs.
    await db.query(`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [hook.id]);
    await emit(owner.teamId, { percent: 60 });
    const [, after] = await waitFor(() => Promise.resolve(receiver.at('/rotated').length >= 2 && receiver.at('/rotated')), 'a second delivery');
    expect(verifiesBySpec(rotated.secret, after)).toBe(true);
    expect(verifiesBySpec(hook.secret, after)).toBe(false);
  });

  it('refuses private addresses at registration and at delivery, and never follows a redirect', async () => {
    const before = await endpointCount();
    const refused: [string, RegExp][] = [
      ['https://10.0.0.1/hook', /private address/],
      ['https://169.254.169.254/latest/meta-data/', /link-local/],
      ['https://[::ffff:10.0.0.1]/hook', /private address/],
      ['https://2130706432/hook', /loopback/],
      ['https://localhost/hook', /loopback/],
      ['http://hooks.example.com/hook', /must use https/],
      ['ftp://hooks.example.com/hook', /must use https/],
      ['https://user:secret@hooks.example.com/hook', /user name or password/],
      ['not a url', /not a valid absolute URL/],
    ];
    for (const [url, message] of refused) {
      expectError(await api(app, owner).post(`/api/teams/${owner.teamId}/webhooks`).send({ url, eventTypes: ['run.started'] }), 400, message);
    }
    expect(await endpointCount()).toBe(before);

    // A URL that passed once and points somewhere refused now (as after the operator narrowed the policy).
    const sneaky = await create(owner, owner.teamId, '/sneaky', ['budget.threshold']);
    await db.query('UPDATE webhook_endpoints SET url = $2 WHERE id = $1', [sneaky.id, `${receiver.base.replace('127.0.0.1', 'localhost')}/sneaky`]);
    const redirecting = await create(owner, owner.teamId, '/redirect', ['budget.threshold']);
    await emit(owner.teamId, { percent: 70 });
    const [refusedDelivery] = await waitFor(async () => {
      const log = await deliveries(owner, owner.teamId, sneaky.id);
      return log[0]?.error ? log : undefined;
    }, 'the refused delivery');
    expect(refusedDelivery.error).toMatch(/loopback address, which outbound requests may not reach/);
    const [redirected] = await waitFor(async () => {
      const log = await deliveries(owner, owner.teamId, redirecting.id);
      return log[0]?.error ? log : undefined;
    }, 'the redirected delivery');
    expect(redirected.error).toMatch(/redirect \(302 to http:\/\/127\.0\.0\.1:\d+\/elsewhere\), which outbound requests do not follow/);
    expect(receiver.at('/sneaky')).toEqual([]);
    expect(receiver.at('/elsewhere')).toEqual([]);
  });

  it('answers bad input with 400 and stores nothing; only owners and admins manage webhooks', async () => {
    const before = await endpointCount();
    const path = `/api/teams/${owner.teamId}/webhooks`;
    expectError(await api(app, owner).post(path).send({ url: `${receiver.base}/x`, eventTypes: ['run.exploded'] }), 400, [/eventTypes must be a list of/]);
    expectError(await api(app, owner).post(path).send({ url: `${receiver.base}/x`, eventTypes: [] }), 400, [/eventTypes must be a list of/]);
    expectError(await api(app, owner).post(path).send({ url: `${receiver.base}/x`, eventTypes: ['run.started', 'run.started'] }), 400, [/must not repeat/]);
    expectError(await api(app, owner).post(path).send({ eventTypes: ['run.started'] }), 400);
    expectError(await api(app, owner).post(path).send({ url: `${receiver.base}/x`, eventTypes: ['run.started'], secret: 'mine' }), 400, [/secret should not exist/]);
    expectError(await api(app, owner).post(path).send({ url: `${receiver.base}/${'x'.repeat(2100)}`, eventTypes: ['run.started'] }), 400);
    expect(await endpointCount()).toBe(before);

    const hook = await create(owner, owner.teamId, '/managed', ['run.started']);
    expectError(await api(app, owner).patch(`${path}/${hook.id}`).send({ url: 'https://192.168.0.1/' }), 400, /private address/);
    expect(((await api(app, owner).get(`${path}/${hook.id}`).expect(200)).body as WebhookResponse).url).toBe(`${receiver.base}/managed`);
    expectError(await api(app, owner).get(`${path}/not-a-uuid`), 400);

    const member = await signUp(app);
    await joinTeam(app, owner, owner.teamId, member, 'member');
    expectError(await api(app, member).get(path), 403, "Only the team's owners and admins can see its webhooks");
    expectError(await api(app, member).post(path).send({ url: `${receiver.base}/x`, eventTypes: ['run.started'] }), 403);
    const admin = await signUp(app);
    await joinTeam(app, owner, owner.teamId, admin, 'admin');
    const listed = (await api(app, admin).get(path).expect(200)).body as WebhookResponse[];
    expect(listed.some((endpoint) => endpoint.id === hook.id)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    await api(app, admin).delete(`${path}/${hook.id}`).expect(204);
    expectError(await api(app, admin).delete(`${path}/${hook.id}`), 404, 'Webhook not found');
  });
});
