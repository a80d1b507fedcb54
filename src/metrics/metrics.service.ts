import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../config/configuration.js';

/** Seconds: a reply's first token and its whole duration, a model call, a run step. */
const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The instance's Prometheus metrics, in one registry. Features record into these instruments;
 * values that live in a feature's tables are read by the feature itself on a scrape, through
 * `sampleOnScrape`, so every table keeps its one owner. No label carries a team, user,
 * conversation or run id: label values come from small sets fixed in the code (docs/decisions.md,
 * "Metrics, probes and the operator's dashboard").
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly samplers = new Map<string, () => Promise<void>>();
  private sampled: { at: number; done: Promise<void> } | undefined;
  private readonly sampleIntervalMs: number;

  // HTTP
  readonly httpDuration = this.histogram('http_request_duration_seconds', 'HTTP requests by method, route template and status class', ['method', 'route', 'status_class'], HTTP_BUCKETS);

  // Chat replies
  readonly repliesInProgress = this.gauge('chat_replies_in_progress', 'Chat replies being generated now', ['agent']);
  readonly firstToken = this.histogram('chat_first_token_seconds', 'Time from the start of a chat reply to its first text', ['agent', 'model'], LATENCY_BUCKETS);
  readonly replyDuration = this.histogram('chat_reply_duration_seconds', 'Whole duration of a chat reply', ['agent', 'model', 'outcome'], LATENCY_BUCKETS);
  readonly repliesEnded = this.counter('chat_replies_total', 'Chat replies by how they ended (completed, stopped, failed)', ['agent', 'outcome']);
  readonly repliesResumed = this.counter('chat_replies_resumed_total', 'Replies followed again from their start by a resume (a reload, a second tab)', []);
  readonly liveRepliesGenerating = this.gauge('live_replies_generating', 'Replies this instance generates into a live stream now', []);
  readonly openStreams = this.gauge('open_streams', 'Long-lived responses this instance holds open (replies and their followers, run events, streamed /v1 completions)', []);

  // Models
  readonly modelCalls = this.counter('model_calls_total', 'Model calls by model and outcome', ['model', 'outcome']);
  readonly modelDuration = this.histogram('model_call_duration_seconds', 'Duration of a model call', ['model'], LATENCY_BUCKETS);
  readonly modelErrors = this.counter('model_errors_total', 'Failed model calls by kind (rate_limit, server, timeout, refusal, other)', ['model', 'kind']);
  readonly modelTokens = this.counter('model_tokens_total', 'Tokens by model and kind (input, output)', ['model', 'kind']);
  readonly images = this.counter('images_total', 'Images made for generate_image, by model (offline: the local card) and outcome (ok, error)', ['model', 'outcome']);
  readonly toolCalls = this.counter('tool_calls_total', 'Tool calls by tool and outcome (ok, invalid_input, failed, refused: needs approval where nobody can be asked)', ['tool', 'outcome']);
  readonly mcpToolCalls = this.counter('mcp_tool_calls_total', 'Calls to tools of teams\' MCP servers by outcome (ok, tool_error, timeout, too_large, failed, refused); per team, server and tool in the reply metadata', ['outcome']);
  readonly mcpToolDuration = this.histogram('mcp_tool_call_duration_seconds', 'Duration of an MCP tool call by outcome', ['outcome'], LATENCY_BUCKETS);
  readonly mcpConnections = this.counter('mcp_connections_total', 'Connections to MCP servers by outcome (ok, failed)', ['outcome']);

  // Runs and the queue
  readonly runsByStatus = this.gauge('workflow_runs', 'Workflow runs by status, read from the database on scrape', ['status']);
  readonly runTransitions = this.counter('workflow_run_transitions_total', 'Runs entering a status (awaiting_budget: a wait for the team budget)', ['to']);
  readonly stepDuration = this.histogram('workflow_step_duration_seconds', 'Duration of a run step (its retries included) by agent and outcome', ['agent', 'outcome'], LATENCY_BUCKETS);
  readonly queueDepth = this.gauge('queue_jobs_waiting', 'Jobs waiting in a queue', ['queue']);
  readonly queueOldestAge = this.gauge('queue_oldest_waiting_job_age_seconds', 'Age of the oldest waiting job of a queue', ['queue']);
  readonly runRetries = this.counter('workflow_run_retries_total', 'Runs retried', []);
  readonly sweeperRepairs = this.counter('workflow_run_sweeper_repairs_total', 'Runs the sweeper repaired, by what it did', ['action']);

  // Approvals, schedules, mail, usage
  readonly approvalsPending = this.gauge('approvals_pending', 'Approvals waiting for a decision (plans and steps)', []);
  readonly approvalsOldestAge = this.gauge('approvals_oldest_pending_age_seconds', 'Age of the oldest approval waiting for a decision', []);
  readonly approvalDecisions = this.counter('approval_decisions_total', 'Approval decisions stored, by channel (email, dashboard), kind (plan_approval, step_approval) and decision', ['channel', 'kind', 'decision']);
  readonly scheduleSlots = this.counter('schedule_slots_total', 'Schedule slots decided by outcome (started, queued, skipped, missed) and whether caught up after downtime', ['outcome', 'caught_up']);
  readonly mailPending = this.gauge('mail_outbox_pending', 'Mails waiting in the outbox', []);
  readonly mailFailed = this.gauge('mail_outbox_failed', 'Mails the outbox gave up on', []);
  readonly mailAttemptsFailed = this.counter('mail_attempts_failed_total', 'Mail delivery attempts that failed (each is retried until its last)', []);
  readonly mailOldestAge = this.gauge('mail_outbox_oldest_pending_age_seconds', 'Age of the oldest mail waiting in the outbox', []);
  readonly usageBuffered = this.gauge('usage_ledger_buffered', 'Usage records buffered in memory, not yet written', []);
  readonly usageWriteFailures = this.counter('usage_ledger_write_failures_total', 'Failed writes of buffered usage records', []);
  readonly webhookDeliveries = this.counter('webhook_deliveries_total', 'Webhook delivery attempts by outcome (delivered, failed, gave_up, refused)', ['outcome']);
  readonly refusals = this.counter('requests_refused_total', 'Requests refused by kind (rate_limit, quota, login_throttle, budget)', ['kind']);

  // Dependencies
  readonly ready = this.gauge('ready', '1 while GET /api/health/ready would answer 200, checked on scrape', []);
  readonly dbPool = this.gauge('db_pool_connections', 'Database pool connections by state (total, idle, waiting clients)', ['state']);
  readonly redisUp = this.gauge('redis_connected', '1 while the Redis connection is ready, 0 otherwise (absent without REDIS_URL)', []);

  constructor(config: ConfigService<AppConfig, true>) {
    this.sampleIntervalMs = config.get('app', { infer: true }).metrics.sampleIntervalSeconds * 1000;
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * `sample` sets gauges from the caller's own tables; it runs before a scrape is answered, at
   * most once per METRICS_SAMPLE_INTERVAL_SECONDS whatever the scrape rate (a scrape every second
   * costs one read of each table per interval). A failing sample leaves its gauges
   * at their last values (the database being down shows in db_pool and readiness).
   */
  sampleOnScrape(name: string, sample: () => Promise<void>): void {
    this.samplers.set(name, sample);
  }

  /** The exposition text of every metric. */
  async scrape(): Promise<string> {
    const now = Date.now();
    if (!this.sampled || now - this.sampled.at >= this.sampleIntervalMs) {
      this.sampled = { at: now, done: Promise.allSettled([...this.samplers.values()].map((sample) => sample())).then(() => undefined) };
    }
    await this.sampled.done;
    return this.registry.metrics();
  }

  private counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name: `assistant_${name}`, help, labelNames, registers: [this.registry] });
  }

  private gauge<L extends string>(name: string, help: string, labelNames: readonly L[]): Gauge<L> {
    return new Gauge({ name: `assistant_${name}`, help, labelNames, registers: [this.registry] });
  }

  private histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
    return new Histogram({ name: `assistant_${name}`, help, labelNames, buckets, registers: [this.registry] });
  }
}
