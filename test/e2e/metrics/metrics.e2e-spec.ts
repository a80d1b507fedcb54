import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from '../../../src/app.module.js';
import { loadConfiguration } from '../../../src/config/configuration.js';
import { HealthService } from '../../../src/health/health.service.js';
import { MetricsServer } from '../../../src/metrics/metrics.server.js';
import { ShutdownService } from '../../../src/shutdown/shutdown.service.js';
import { UsageLedger } from '../../../src/usage/usage-ledger.service.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { spendOnRealModel } from '../../helpers/usage.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { BROWSER, waitFor } from '../../helpers/mail-catcher.js';
import { startMailingApp, type MailingApp } from '../../helpers/mailing-app.js';
import { scrape } from '../../helpers/metrics.js';
import { pausedRun } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { FakeOpenAI } from '../../helpers/fake-openai.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { TEST_ENV } from '../../setup/test-env.js';

const PROMTOOL = spawnSync('promtool', ['--version']).status === 0 ? 'promtool' : undefined;
const ALERTS = resolve(import.meta.dirname, '../../../ops/prometheus/alerts.yml');
const DASHBOARD = resolve(import.meta.dirname, '../../../ops/grafana/dashboards/assistant.json');

/** Issue 32: Prometheus metrics on their own port, moved by exactly what happened, and the probes. */
describe('metrics', () => {
  let mailing: MailingApp;
  let app: INestApplication;

  beforeAll(async () => {
    mailing = await startMailingApp({ METRICS_PORT: '0', METRICS_SAMPLE_INTERVAL_SECONDS: '0' }, { refuse: /@refused\.test$/ });
    app = mailing.app;
  });

  afterAll(async () => {
    await mailing?.close();
  });

  it('records a chat reply: its request, the reply by agent and model, the model call and its tokens', async () => {
    const before = await scrape(app);
    const reply = await chat(app, mailing.user, { messages: [userMessage('Write a LinkedIn post about our new office')] });
    const { agentId, modelId, usage } = reply.message.metadata as { agentId: string; modelId: string; usage: { inputTokens: number; outputTokens: number } };
    const after = await scrape(app);
    const moved = (name: string, labels: Record<string, string> = {}) => after.value(name, labels) - before.value(name, labels);

    expect(moved('assistant_http_request_duration_seconds_count', { method: 'POST', route: '/api/assistant/router', status_class: '2xx' })).toBe(1);
    expect(moved('assistant_chat_replies_total', { agent: agentId, outcome: 'completed' })).toBe(1);
    expect(moved('assistant_chat_first_token_seconds_count', { agent: agentId, model: modelId })).toBe(1);
    expect(moved('assistant_chat_reply_duration_seconds_count', { agent: agentId, model: modelId, outcome: 'completed' })).toBe(1);
    expect(after.value('assistant_chat_replies_in_progress', { agent: agentId })).toBe(0);
    // The router's call and the reply's: the same calls and tokens the usage ledger recorded for this (new) team.
    await app.get(UsageLedger).flush();
    const [ledger] = await app
      .get(DataSource)
      .query<{ calls: number; input: number; output: number }[]>(
        `SELECT count(*)::int AS calls, sum(input_tokens)::int AS input, sum(output_tokens)::int AS output FROM usage_records WHERE team_id = $1 AND model_id = $2`,
        [mailing.user.teamId, modelId],
      );
    expect(ledger.output).toBeGreaterThanOrEqual(usage.outputTokens);
    expect(moved('assistant_model_tokens_total', { model: modelId, kind: 'output' })).toBe(ledger.output);
    expect(moved('assistant_model_tokens_total', { model: modelId, kind: 'input' })).toBe(ledger.input);
    expect(moved('assistant_model_calls_total', { model: modelId, outcome: 'ok' })).toBe(ledger.calls);
    // Each tool the reply called, once.
    const toolParts = reply.message.parts.filter((part) => part.type.startsWith('tool-'));
    expect(toolParts.length).toBeGreaterThan(0);
    for (const part of toolParts) {
      const tool = part.type.slice('tool-'.length);
      expect(moved('assistant_tool_calls_total', { tool, outcome: 'ok' })).toBe(toolParts.filter((other) => other.type === part.type).length);
    }
    // The database pool as the app holds it, and Node's own metrics.
    expect(after.value('assistant_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(after.text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    // Ids never become labels: the path asked for is the route's template.
    expect(after.text).not.toContain(reply.conversationId);
    expect(after.text).not.toContain(mailing.user.teamId);
  });

  it('records a run paused for approval, the approval waiting, then its decision by link and the run finishing', async () => {
    const before = await scrape(app);
    const run = await pausedRun(app, mailing.smtp, mailing.user);
    const paused = await scrape(app);
    expect(paused.value('assistant_workflow_runs', { status: 'awaiting_approval' })).toBe(1);
    expect(paused.value('assistant_workflow_runs', { status: 'running' })).toBe(0);
    expect(paused.value('assistant_approvals_pending')).toBe(1);
    // Its first step done, its second (reviewed) paused.
    const steps = (labels: Record<string, string>) => paused.value('assistant_workflow_step_duration_seconds_count', labels) - before.value('assistant_workflow_step_duration_seconds_count', labels);
    expect(steps({ outcome: 'done' }) + steps({ outcome: 'paused' })).toBe(2);
    expect(paused.value('assistant_approvals_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(paused.value('assistant_workflow_run_transitions_total', { to: 'running' }) - before.value('assistant_workflow_run_transitions_total', { to: 'running' })).toBe(1);
    expect(paused.value('assistant_workflow_run_transitions_total', { to: 'awaiting_approval' }) - before.value('assistant_workflow_run_transitions_total', { to: 'awaiting_approval' })).toBe(1);
    // The plan was approved by its mailed link too.
    expect(paused.value('assistant_approval_decisions_total', { channel: 'email', kind: 'plan_approval', decision: 'approve' })).toBe(1);

    await api(app).get(run.links.approve).set('User-Agent', BROWSER).expect(302);
    await waitForRun(app, mailing.user, run.workflowId, run.runId, 'completed');
    const done = await scrape(app);
    expect(done.value('assistant_approval_decisions_total', { channel: 'email', kind: 'step_approval', decision: 'approve' })).toBe(1);
    expect(done.value('assistant_approvals_pending')).toBe(0);
    expect(done.value('assistant_workflow_runs', { status: 'awaiting_approval' })).toBe(0);
    expect(done.value('assistant_workflow_run_transitions_total', { to: 'completed' }) - before.value('assistant_workflow_run_transitions_total', { to: 'completed' })).toBe(1);
    expect(done.value('assistant_queue_jobs_waiting', { queue: 'workflow-run' })).toBe(0);
    // Every mail of the run went out.
    expect(done.value('assistant_mail_outbox_failed')).toBe(0);
  });

  it('counts an image made, and a mail attempt the relay refused, waiting for its retry', async () => {
    const before = await scrape(app);
    const reply = await chat(app, mailing.user, { agentId: 'social', messages: [userMessage('Create an image of a lighthouse at dawn')] });
    expect(reply.message.parts.filter((part) => part.type === 'tool-generate_image')).toHaveLength(1);
    const afterImage = await scrape(app);
    expect(afterImage.value('assistant_images_total', { model: 'offline', outcome: 'ok' }) - before.value('assistant_images_total', { model: 'offline', outcome: 'ok' })).toBe(1);

    await api(app, mailing.user).post(`/api/teams/${mailing.user.teamId}/invitations`).send({ email: 'someone@refused.test', role: 'member' }).expect(201);
    const refused = await waitFor(async () => {
      const now = await scrape(app);
      return now.value('assistant_mail_attempts_failed_total') > before.value('assistant_mail_attempts_failed_total') && now;
    }, 'the refused mail attempt');
    expect(refused.value('assistant_mail_attempts_failed_total') - before.value('assistant_mail_attempts_failed_total')).toBe(1);
    // Retried later (not failed for good): it waits in the outbox.
    expect(refused.value('assistant_mail_outbox_pending')).toBe(1);
    expect(refused.value('assistant_mail_outbox_failed')).toBe(0);
  });

  it('counts a request refused for the budget', async () => {
    await spendOnRealModel(app, mailing.user, 10);
    await api(app, mailing.user).put(`/api/teams/${mailing.user.teamId}/budget`).send({ monthlyTokens: 1 }).expect(200);
    const before = await scrape(app);
    await api(app, mailing.user).post('/api/assistant/router').send({ messages: [userMessage('One more')] }).expect(402);
    const after = await scrape(app);
    expect(after.value('assistant_requests_refused_total', { kind: 'budget' }) - before.value('assistant_requests_refused_total', { kind: 'budget' })).toBe(1);
    expect(after.value('assistant_http_request_duration_seconds_count', { method: 'POST', route: '/api/assistant/router', status_class: '4xx' })).toBe(1);
  });

  it('labels a request no route matched "unmatched", never with its path', async () => {
    const before = await scrape(app);
    await api(app).get('/api/no-such-thing/12345').expect(404);
    await api(app).get('/files/no-such-file.png').expect(404);
    const after = await scrape(app);
    const moved = (route: string) =>
      after.value('assistant_http_request_duration_seconds_count', { method: 'GET', route, status_class: '4xx' }) -
      before.value('assistant_http_request_duration_seconds_count', { method: 'GET', route, status_class: '4xx' });
    expect(moved('unmatched')).toBe(1);
    // A route that matched and answered 404 keeps its template.
    expect(moved('/files/*path')).toBe(1);
    expect(after.text).not.toContain('no-such-thing');
  });

  it('serves what promtool accepts: the scrape and the alert rules', async (context) => {
    if (!PROMTOOL) return context.skip('promtool is not installed (Debian: apt-get install prometheus); .ci/run installs it');
    // `check metrics` reads stdin and prints each problem. prom-client's default Node metrics name
    // three gauges `..._total`, which its lint dislikes; every metric of ours passes clean.
    const checked = spawnSync(PROMTOOL, ['check', 'metrics'], { input: (await scrape(app)).text, encoding: 'utf8' });
    const problems = (checked.stdout + checked.stderr).split('\n').filter((line) => line && !/^nodejs_active_(handles|requests|resources)_total non-counter/.test(line));
    expect(problems).toEqual([]);
    execFileSync(PROMTOOL, ['check', 'rules', ALERTS]);
    // Every query of the shipped Grafana dashboard parses, and names only metrics the scrape has.
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: { targets?: { expr: string }[] }[] };
    const queries = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    const rules = join(mkdtempSync(join(tmpdir(), 'dashboard-')), 'queries.yml');
    writeFileSync(rules, JSON.stringify({ groups: [{ name: 'dashboard', rules: queries.map((expr, index) => ({ record: `dashboard:query${index}`, expr })) }] }));
    execFileSync(PROMTOOL, ['check', 'rules', rules]);
    const scraped = (await scrape(app)).text;
    const declared = new Set([...scraped.matchAll(/^# TYPE (\w+) /gm)].map(([, name]) => name));
    const queried = new Set(queries.flatMap((expr) => expr.match(/\b(?:assistant|nodejs)_\w+/g) ?? []).map((name) => name.replace(/_(bucket|count|sum)$/, '')));
    expect([...queried].filter((name) => !declared.has(name))).toEqual([]);
  });

  it('answers the probes: live without dependencies, ready with the queue, not ready while draining', async () => {
    expect((await api(app).get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    expect((await api(app).get('/api/health/ready').expect(200)).body).toEqual({ status: 'ok', database: 'up', storage: 'up', queue: 'up' });
    // Unchanged: the queue is readiness's alone.
    expect((await api(app).get('/api/health').expect(200)).body).toEqual({ status: 'ok', database: 'up', storage: 'up' });
    void app.get(ShutdownService).drain();
    await expect(app.get(HealthService).ready()).rejects.toThrow(/Draining/);
    await api(app).get('/api/health/ready').expect(503);
  });
});

/** A reply held under way by the model, so that what exists only while it streams can be scraped. */
describe('metrics of replies under way', () => {
  const model = new FakeOpenAI();
  let app: INestApplication;
  let base: string;
  let user: TestUser;

  beforeAll(async () => {
    const baseUrl = await model.start();
    app = await createTestApp({
      env: { METRICS_PORT: '0', METRICS_SAMPLE_INTERVAL_SECONDS: '0', OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: 'sk-test', DEFAULT_MODEL: 'openai:gpt-test' },
    });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    user = await signUp(app);
  });

  afterAll(async () => {
    await app?.close();
    await model.stop();
  });

  it('counts the reply generating, its open responses and a resume, and nothing once it has ended', async () => {
    const before = await scrape(app);
    model.holdReplies();
    const post = await fetch(`${base}/api/assistant/router`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [userMessage('Say hello')] }),
    });
    expect(post.status).toBe(200);
    const conversationId = post.headers.get('x-conversation-id');
    const resumed = await fetch(`${base}/api/assistant/router/${conversationId}/stream`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(resumed.status).toBe(200);
    const during = await scrape(app);
    expect(during.value('assistant_live_replies_generating')).toBe(1);
    expect(during.value('assistant_open_streams')).toBe(2);
    expect(during.value('assistant_chat_replies_resumed_total') - before.value('assistant_chat_replies_resumed_total')).toBe(1);

    model.releaseReplies();
    await Promise.all([post.text(), resumed.text()]);
    const after = await waitFor(async () => {
      const now = await scrape(app);
      return now.value('assistant_open_streams') === 0 && now.value('assistant_live_replies_generating') === 0 && now;
    }, 'the reply and its responses to end');
    expect(after.value('assistant_chat_replies_resumed_total') - before.value('assistant_chat_replies_resumed_total')).toBe(1);
    // No reply under way: a resume answers 204 and is not counted.
    await api(app, user).get(`/api/assistant/router/${conversationId}/stream`).expect(204);
    expect((await scrape(app)).value('assistant_chat_replies_resumed_total')).toBe(after.value('assistant_chat_replies_resumed_total'));
  });
});

describe('metrics server', () => {
  it('is off by default: nothing listens', async () => {
    const app = await createTestApp();
    try {
      expect(app.get(MetricsServer).port).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('is not started by the CLI, which runs beside a serving instance with its environment', async () => {
    const config = loadConfiguration({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'metrics-cli-')), ...TEST_ENV, METRICS_PORT: '0' });
    const context = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: false });
    try {
      await context.init();
      expect(context.get(MetricsServer).port).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
