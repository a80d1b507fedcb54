import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuditEventResponse, AuditPageResponse } from './audit.response.js';
import type { AuditExportQueryDto, AuditQueryDto, AuditRangeDto } from './dto/audit-query.dto.js';
import { AuditEvent } from '../audit-events/entities/audit-event.entity.js';

/** The first link of a chain that does not hold, or null; `checked` rows read. */
export interface ChainReport {
  teamId: string | null;
  checked: number;
  broken: { id: string; reason: string } | null;
  /** The newest row's hash: kept elsewhere, it shows later whether the chain's end was cut or rewritten. */
  headHash: string | null;
}

const PAGE_DEFAULT = 50;
const BATCH = 500;
const CSV_FIELDS = [
  'id',
  'occurredAt',
  'teamId',
  'actorType',
  'actorId',
  'actorTokenId',
  'action',
  'targetType',
  'targetId',
  'ip',
  'userAgent',
  'requestId',
  'changes',
  'prevHash',
  'hash',
] as const;

/**
 * Reads the audit trail: the team API (owners and admins), its export, chain verification and
 * retention for the operator. The one reader of `audit_events`; AuditService is its one writer.
 */
@Injectable()
export class AuditTrailService {
  constructor(
    @InjectRepository(AuditEvent) private readonly events: Repository<AuditEvent>,
  ) {}

  /** GET /api/teams/:id/audit: newest first (the permission guard admits only the team's owners and admins). */
  async list(teamId: string, query: AuditQueryDto): Promise<AuditPageResponse> {
    const limit = query.limit ?? PAGE_DEFAULT;
    const builder = this.filtered(teamId, query).orderBy('e.id', 'DESC').take(limit + 1);
    if (query.cursor) builder.andWhere('e.id < :cursor', { cursor: query.cursor });
    const rows = await builder.getMany();
    const page = rows.slice(0, limit);
    return { items: page.map(toResponse), nextCursor: rows.length > limit ? page[page.length - 1].id : null };
  }

  /**
   * GET /api/teams/:id/audit/export: the range oldest first, read in batches as the client takes
   * them. The range is checked here (access by the permission guard) before the first byte, so a
   * refusal is still a status.
   */
  export(teamId: string, query: AuditExportQueryDto): AsyncGenerator<string> {
    this.filtered(teamId, query);
    return this.exportLines(teamId, query);
  }

  private async *exportLines(teamId: string, query: AuditExportQueryDto): AsyncGenerator<string> {
    const format = query.format ?? 'jsonl';
    if (format === 'csv') yield `${CSV_FIELDS.join(',')}\n`;
    let after = '0';
    for (;;) {
      const rows = await this.filtered(teamId, query).andWhere('e.id > :after', { after }).orderBy('e.id', 'ASC').take(BATCH).getMany();
      for (const row of rows) yield format === 'csv' ? csvLine(toResponse(row)) : `${JSON.stringify(toResponse(row))}\n`;
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1].id;
    }
  }

  /**
   * Walks a chain (a team's, or the deployment's with null) oldest first: each row's hash must be
   * the one its fields give, and its prev_hash the hash of the row before. The oldest row left
   * after retention is taken as the anchor.
   */
  async verify(teamId: string | null): Promise<ChainReport> {
    let previous: string | null | undefined;
    let after = '0';
    let checked = 0;
    for (;;) {
      const rows = await this.events.query<{ id: string; prev_hash: string | null; hash: string; expected: string }[]>(
        `SELECT e.id, e.prev_hash, e.hash, audit_event_hash(e) AS expected FROM audit_events e
          WHERE team_id IS NOT DISTINCT FROM $1 AND id > $2 ORDER BY id LIMIT ${BATCH}`,
        [teamId, after],
      );
      for (const row of rows) {
        checked += 1;
        if (previous !== undefined && row.prev_hash !== previous) {
          return { teamId, checked, broken: { id: row.id, reason: 'its prev_hash is not the hash of the row before it (a row was removed or rewritten)' }, headHash: null };
        }
        if (row.hash !== row.expected) return { teamId, checked, broken: { id: row.id, reason: 'its fields do not give its hash (the row was edited)' }, headHash: null };
        previous = row.hash;
      }
      if (rows.length < BATCH) return { teamId, checked, broken: null, headHash: previous ?? null };
      after = rows[rows.length - 1].id;
    }
  }

  /** Every chain: the deployment's, then each team's. */
  async verifyAll(): Promise<ChainReport[]> {
    const teams = await this.events.query<{ team_id: string }[]>('SELECT DISTINCT team_id FROM audit_events WHERE team_id IS NOT NULL ORDER BY team_id');
    const reports = [await this.verify(null)];
    for (const { team_id } of teams) reports.push(await this.verify(team_id));
    return reports;
  }

  /** The deployment-wide events (sign-ins that failed, operator actions), newest first, for the CLI. */
  async listDeployment(limit: number): Promise<AuditEventResponse[]> {
    const rows = await this.events.createQueryBuilder('e').where('e.team_id IS NULL').orderBy('e.id', 'DESC').take(limit).getMany();
    return rows.map(toResponse);
  }

  /** Deletes the events older than `days` days (by the database's clock), through the one path the trigger lets delete. */
  async prune(days: number): Promise<number> {
    const [{ deleted }] = await this.events.query<{ deleted: string }[]>(`SELECT audit_events_prune(now() - make_interval(days => $1)) AS deleted`, [days]);
    return Number(deleted);
  }

  private filtered(teamId: string, query: AuditRangeDto & Partial<AuditQueryDto>) {
    const builder = this.events.createQueryBuilder('e').where('e.team_id = :teamId', { teamId });
    const from = dateOf(query.from, 'from');
    const to = dateOf(query.to, 'to');
    if (from) builder.andWhere('e.occurred_at >= :from', { from });
    if (to) builder.andWhere('e.occurred_at < :to', { to });
    if (query.actor) builder.andWhere('e.actor_id = :actor', { actor: query.actor });
    // `member.` names every member action; `member.role_changed` the one.
    if (query.action?.endsWith('.')) builder.andWhere('starts_with(e.action, :action)', { action: query.action });
    else if (query.action) builder.andWhere('e.action = :action', { action: query.action });
    if (query.targetType) builder.andWhere('e.target_type = :targetType', { targetType: query.targetType });
    if (query.target) builder.andWhere('e.target_id = :target', { target: query.target });
    return builder;
  }
}

/** An ISO 8601 date the database can hold (years 1 to 9999), or undefined when absent. */
function dateOf(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) throw new BadRequestException([`${field} must be a date between the years 1 and 9999`]);
  return date;
}

function toResponse(row: AuditEvent): AuditEventResponse {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    teamId: row.teamId,
    actorType: row.actorType,
    actorId: row.actorId,
    actorTokenId: row.actorTokenId,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    changes: row.changes,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

/** RFC 4180: every field quoted, quotes doubled; a leading formula character is defused with a quote (spreadsheet injection). */
function csvLine(event: AuditEventResponse): string {
  const cells = CSV_FIELDS.map((field) => {
    const value = event[field];
    const text = value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replaceAll('"', '""')}"`;
  });
  return `${cells.join(',')}\n`;
}
