import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { OutboundUrlError } from '../outbound/outbound-policy.js';
import { OutboundService } from '../outbound/outbound.service.js';
import { WebhookOutboxService } from '../webhook-events/webhook-outbox.service.js';
import type { CreateWebhookDto, RedeliverRangeDto, UpdateWebhookDto } from './dto/webhook.dto.js';
import type { DeliveriesResponse, WebhookResponse, WebhookWithSecretResponse } from './webhooks.response.js';

/** Endpoints a team may have: each is polled and delivered to, so the number is bounded. */
export const MAX_ENDPOINTS_PER_TEAM = 20;

interface EndpointRow {
  id: string;
  team_id: string;
  url: string;
  description: string;
  event_types: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What the delivery worker needs of an endpoint: where, and the secrets that sign now. */
export interface EndpointTarget {
  teamId: string;
  url: string;
  description: string;
  secrets: string[];
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function toResponse(row: EndpointRow): WebhookResponse {
  const overlapping = row.previous_secret_expires_at && row.previous_secret_expires_at > new Date();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    previousSecretExpiresAt: overlapping ? row.previous_secret_expires_at : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * A team's webhook endpoints (owner of `webhook_endpoints`): every query is scoped by the team, URLs
 * pass the outbound policy at registration (a 400 naming why), secrets are shown once.
 */
@Injectable()
export class WebhooksService {
  private readonly overlapHours: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbound: OutboundService,
    private readonly outbox: WebhookOutboxService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.overlapHours = config.get('webhooks', { infer: true }).secretOverlapHours;
  }

  async create(teamId: string, dto: CreateWebhookDto): Promise<WebhookWithSecretResponse> {
    const url = this.checkedUrl(dto.url);
    return this.dataSource.transaction(async (manager) => {
      // Serialises creations in the team, so the bound holds under concurrent requests.
      await manager.query('SELECT id FROM teams WHERE id = $1 FOR UPDATE', [teamId]);
      const [{ count }] = await manager.query<{ count: number }[]>('SELECT count(*)::int AS count FROM webhook_endpoints WHERE team_id = $1', [teamId]);
      if (count >= MAX_ENDPOINTS_PER_TEAM) throw new ConflictException(`A team has at most ${MAX_ENDPOINTS_PER_TEAM} webhook endpoints`);
      const [row] = await manager.query<EndpointRow[]>(
        `INSERT INTO webhook_endpoints (team_id, url, description, event_types, secret) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [teamId, url, dto.description ?? '', dto.eventTypes, newSecret()],
      );
      return { ...toResponse(row), secret: row.secret };
    });
  }

  async list(teamId: string): Promise<WebhookResponse[]> {
    const rows = await this.dataSource.query<EndpointRow[]>('SELECT * FROM webhook_endpoints WHERE team_id = $1 ORDER BY created_at, id', [teamId]);
    return rows.map(toResponse);
  }

  async get(teamId: string, id: string): Promise<WebhookResponse> {
    return toResponse(await this.row(teamId, id));
  }

  async update(teamId: string, id: string, dto: UpdateWebhookDto): Promise<WebhookResponse> {
    const url = dto.url === undefined ? null : this.checkedUrl(dto.url);
    const [rows] = await this.dataSource.query<[EndpointRow[], number]>(
      `UPDATE webhook_endpoints SET
         url = coalesce($3, url), description = coalesce($4, description), event_types = coalesce($5, event_types),
         enabled = coalesce($6, enabled), disabled_reason = CASE WHEN $6 THEN NULL ELSE disabled_reason END, updated_at = now()
       WHERE team_id = $1 AND id = $2 RETURNING *`,
      [teamId, id, url, dto.description ?? null, dto.eventTypes ?? null, dto.enabled ?? null],
    );
    if (rows.length === 0) throw new NotFoundException('Webhook not found');
    return toResponse(rows[0]);
  }

  async delete(teamId: string, id: string): Promise<void> {
    const [, deleted] = await this.dataSource.query<[unknown[], number]>('DELETE FROM webhook_endpoints WHERE team_id = $1 AND id = $2', [teamId, id]);
    if (deleted === 0) throw new NotFoundException('Webhook not found');
  }

  /** A new secret; the old one goes on signing alongside it for WEBHOOK_SECRET_OVERLAP_HOURS, so receivers can switch without losing events. */
  async rotateSecret(teamId: string, id: string): Promise<WebhookWithSecretResponse> {
    const [rows] = await this.dataSource.query<[EndpointRow[], number]>(
      `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_expires_at = now() + make_interval(hours => $3),
         secret = $4, updated_at = now()
       WHERE team_id = $1 AND id = $2 RETURNING *`,
      [teamId, id, this.overlapHours, newSecret()],
    );
    if (rows.length === 0) throw new NotFoundException('Webhook not found');
    return { ...toResponse(rows[0]), secret: rows[0].secret };
  }

  async deliveries(teamId: string, id: string, limit: number): Promise<DeliveriesResponse> {
    await this.row(teamId, id);
    return { items: await this.outbox.list(id, limit) };
  }

  async redeliverEvent(teamId: string, id: string, eventId: string): Promise<{ queued: number }> {
    await this.row(teamId, id);
    if (!(await this.outbox.redeliverEvent(id, eventId))) throw new NotFoundException('This endpoint was never sent that event');
    return { queued: 1 };
  }

  async redeliverRange(teamId: string, id: string, range: RedeliverRangeDto): Promise<{ queued: number }> {
    const from = new Date(range.from);
    const to = new Date(range.to);
    if (!(from < to)) throw new BadRequestException('from must be before to');
    await this.row(teamId, id);
    return { queued: await this.outbox.redeliverRange(id, from, to) };
  }

  /** Where the worker delivers and with which secrets; null for an endpoint deleted or disabled since. */
  async target(id: string): Promise<EndpointTarget | null> {
    const [row] = await this.dataSource.query<EndpointRow[]>('SELECT * FROM webhook_endpoints WHERE id = $1 AND enabled', [id]);
    if (!row) return null;
    const overlapping = row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > new Date();
    return { teamId: row.team_id, url: row.url, description: row.description, secrets: overlapping ? [row.secret, row.previous_secret!] : [row.secret] };
  }

  /** Disables the endpoint after its deliveries kept failing; its waiting events stay until it is enabled again. */
  async disable(id: string, reason: string): Promise<boolean> {
    const [, changed] = await this.dataSource.query<[unknown[], number]>(
      'UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1 AND enabled',
      [id, reason],
    );
    return changed > 0;
  }

  /** The addresses of the team's owners, to tell them of a disabled endpoint. */
  async owners(teamId: string): Promise<{ userId: string; email: string }[]> {
    const rows = await this.dataSource.query<{ id: string; email: string }[]>(
      `SELECT u.id, u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 AND m.role = 'owner' ORDER BY u.email`,
      [teamId],
    );
    return rows.map((row) => ({ userId: row.id, email: row.email }));
  }

  private async row(teamId: string, id: string): Promise<EndpointRow> {
    const [row] = await this.dataSource.query<EndpointRow[]>('SELECT * FROM webhook_endpoints WHERE team_id = $1 AND id = $2', [teamId, id]);
    if (!row) throw new NotFoundException('Webhook not found');
    return row;
  }

  private checkedUrl(url: string): string {
    try {
      return this.outbound.check(url, 'webhook').toString();
    } catch (error) {
      if (error instanceof OutboundUrlError) throw new BadRequestException(error.message);
      throw error;
    }
  }
}
