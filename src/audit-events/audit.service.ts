import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuditContext } from './audit-context.js';

/** What happened, to what, in which team (null: deployment-wide); `changes` never holds a secret. */
export interface AuditEntry {
  teamId: string | null;
  action: string;
  target?: { type: string; id: string };
  changes?: Record<string, unknown>;
}

/**
 * The audit trail's writer: entries are recorded in the transaction of the change they describe;
 * the database numbers, stamps and chains them and refuses edits (docs/decisions.md "Audit trail").
 * Reading is AuditTrailService's.
 */
@Injectable()
export class AuditService {
  /** Appends the entry on `manager` (the change's transaction, or alone for an event that changes nothing). */
  async record(manager: EntityManager, context: AuditContext, entry: AuditEntry): Promise<void> {
    await manager.query(
      `INSERT INTO audit_events (team_id, actor_type, actor_id, actor_token_id, action, target_type, target_id, ip, user_agent, request_id, changes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        entry.teamId,
        context.actor.type,
        context.actor.id,
        context.actor.tokenId ?? null,
        entry.action,
        entry.target?.type ?? null,
        entry.target?.id ?? null,
        context.ip,
        context.userAgent,
        context.requestId,
        JSON.stringify(entry.changes ?? {}),
      ],
    );
  }
}
