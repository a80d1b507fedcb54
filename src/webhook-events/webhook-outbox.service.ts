import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { WebhookEventType } from './webhook-event-types.js';

/** A delivery the worker claimed: the event as it goes out, and which attempt this is. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  teamId: string;
  attempts: number;
  event: { id: string; type: string; data: unknown; createdAt: Date };
}

/** One attempt's outcome, as the deliveries log shows it. */
export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
}

/** A delivery as its log reads. */
export interface DeliveryRow {
  id: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: Date;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
}

interface ClaimedRow {
  id: string;
  endpoint_id: string;
  team_id: string;
  attempts: number;
  event_id: string;
  type: string;
  data: unknown;
  created_at: Date;
}

interface DeliveryDbRow {
  id: string;
  event_id: string;
  type: string;
  created_at: Date;
  status: DeliveryRow['status'];
  attempts: number;
  response_status: number | null;
  latency_ms: number | null;
  error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date;
}

/**
 * The common table expressions that write a webhook event, and its deliveries to the team's enabled
 * endpoints subscribed to `type`, inside another statement: for a change that is one statement by
 * design (an asset's insert), the event is written by that same statement, so it exists exactly
 * when the change committed. `teamId` and `data` are SQL expressions of that statement (a parameter,
 * a jsonb built from `source`, the name of a CTE of the change's one row). Data-modifying CTEs run
 * whether or not the statement reads them. Nothing is written for a team without such an endpoint.
 */
export function emittingWith(type: WebhookEventType, { teamId, data, source }: { teamId: string; data: string; source?: string }): string {
  return `webhook_targets AS (
      SELECT id FROM webhook_endpoints WHERE team_id = ${teamId} AND enabled AND '${type}' = ANY(event_types)
    ), webhook_event AS (
      INSERT INTO webhook_events (team_id, type, data)
      SELECT ${teamId}, '${type}', ${data} ${source ? `FROM ${source}` : ''} WHERE EXISTS (SELECT 1 FROM webhook_targets) RETURNING seq
    ), webhook_deliveries_written AS (
      INSERT INTO webhook_deliveries (endpoint_id, event_seq, team_id) SELECT webhook_targets.id, webhook_event.seq, ${teamId} FROM webhook_targets, webhook_event
    )`;
}

/**
 * The webhook outbox, owner of `webhook_events` and `webhook_deliveries`. Features `emit` in the
 * transaction of the change they report, so an event goes out if and only if its change committed;
 * the webhooks module's worker claims, settles and lists deliveries here. An endpoint's deliveries
 * go out one at a time in event order: only the oldest pending one of an endpoint is ever claimed.
 */
@Injectable()
export class WebhookOutboxService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records the event for every enabled endpoint of the team subscribed to its type, on `manager`
   * (the change's transaction). A team without such an endpoint writes nothing.
   */
  async emit(manager: EntityManager, teamId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
    await manager.query(`WITH ${emittingWith(type, { teamId: '$1::uuid', data: '$2::jsonb' })} SELECT 1`, [teamId, JSON.stringify(data)]);
  }

  /**
   * Claims up to `limit` due deliveries, at most one per endpoint and only each one's oldest pending
   * (so an endpoint's events go in order, one at a time), oldest due first across teams. The claim
   * counts the attempt and leases the row for `leaseMs`: if this instance dies, the lease ends and
   * another delivers it again (at least once, same webhook-id).
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const rows = await this.dataSource.query<ClaimedRow[]>(
      `WITH heads AS (
         SELECT DISTINCT ON (d.endpoint_id) d.id, d.next_attempt_at
         FROM webhook_deliveries d JOIN webhook_endpoints ep ON ep.id = d.endpoint_id AND ep.enabled
         WHERE d.status = 'pending'
         ORDER BY d.endpoint_id, d.event_seq
       ), due AS (
         SELECT d.id FROM webhook_deliveries d JOIN heads ON heads.id = d.id
         WHERE heads.next_attempt_at <= now()
         ORDER BY heads.next_attempt_at
         LIMIT $1
         FOR UPDATE OF d SKIP LOCKED
       ), claimed AS (
         UPDATE webhook_deliveries d
         SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000), last_attempt_at = now()
         FROM due WHERE d.id = due.id AND d.status = 'pending' AND d.next_attempt_at <= now()
         RETURNING d.id, d.endpoint_id, d.team_id, d.attempts, d.event_seq
       )
       SELECT claimed.id, claimed.endpoint_id, claimed.team_id, claimed.attempts, e.id AS event_id, e.type, e.data, e.created_at
       FROM claimed JOIN webhook_events e ON e.seq = claimed.event_seq`,
      [limit, leaseMs],
    );
    return rows.map((row) => ({
      id: row.id,
      endpointId: row.endpoint_id,
      teamId: row.team_id,
      attempts: row.attempts,
      event: { id: row.event_id, type: row.type, data: row.data, createdAt: row.created_at },
    }));
  }

  /**
   * Records an attempt. A failure is retried after `retryDelayMs`, unless it was the last of
   * `maxAttempts`: then the delivery is `failed` and this returns true (the endpoint is dead).
   */
  async settle(deliveryId: string, outcome: AttemptOutcome, retryDelayMs: number, maxAttempts: number): Promise<{ exhausted: boolean }> {
    const [[row]] = await this.dataSource.query<[{ status: string }[], number]>(
      `UPDATE webhook_deliveries SET
         status = CASE WHEN $2 THEN 'delivered' WHEN attempts >= $6 THEN 'failed' ELSE 'pending' END,
         response_status = $3, latency_ms = $4, error = $5,
         first_failed_at = CASE WHEN $2 THEN NULL ELSE coalesce(first_failed_at, now()) END,
         next_attempt_at = CASE WHEN $2 OR attempts >= $6 THEN next_attempt_at ELSE now() + make_interval(secs => $7::double precision / 1000) END
       WHERE id = $1 AND status = 'pending'
       RETURNING status`,
      [deliveryId, outcome.ok, outcome.responseStatus, outcome.latencyMs, outcome.error, maxAttempts, retryDelayMs],
    );
    return { exhausted: row?.status === 'failed' };
  }

  /** The endpoint's deliveries, newest event first. */
  async list(endpointId: string, limit: number, beforeId?: string): Promise<DeliveryRow[]> {
    const rows = await this.dataSource.query<DeliveryDbRow[]>(
      `SELECT d.id, e.id AS event_id, e.type, e.created_at, d.status, d.attempts, d.response_status, d.latency_ms, d.error, d.last_attempt_at, d.next_attempt_at
       FROM webhook_deliveries d JOIN webhook_events e ON e.seq = d.event_seq
       WHERE d.endpoint_id = $1 AND ($3::bigint IS NULL OR d.id < $3)
       ORDER BY d.id DESC LIMIT $2`,
      [endpointId, limit, beforeId ?? null],
    );
    return rows.map((row) => ({
      id: String(row.id),
      eventId: row.event_id,
      eventType: row.type,
      eventCreatedAt: row.created_at,
      status: row.status,
      attempts: row.attempts,
      responseStatus: row.response_status,
      latencyMs: row.latency_ms,
      error: row.error,
      lastAttemptAt: row.last_attempt_at,
      nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    }));
  }

  /** Sends one event to the endpoint again, as soon as the deliveries before it are done; false when it has no such delivery. */
  async redeliverEvent(endpointId: string, eventId: string): Promise<boolean> {
    const [, queued] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE webhook_deliveries d SET status = 'pending', attempts = 0, first_failed_at = NULL, next_attempt_at = now()
       FROM webhook_events e WHERE e.seq = d.event_seq AND d.endpoint_id = $1 AND e.id = $2`,
      [endpointId, eventId],
    );
    return queued > 0;
  }

  /** Sends again every event of the endpoint written in [from, to); the number of deliveries queued. */
  async redeliverRange(endpointId: string, from: Date, to: Date): Promise<number> {
    const [, queued] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE webhook_deliveries d SET status = 'pending', attempts = 0, first_failed_at = NULL, next_attempt_at = now()
       FROM webhook_events e WHERE e.seq = d.event_seq AND d.endpoint_id = $1 AND e.created_at >= $2 AND e.created_at < $3`,
      [endpointId, from, to],
    );
    return queued;
  }
}
