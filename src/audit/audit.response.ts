import type { ActorType } from '../audit-events/actor-type.js';

export interface AuditEventResponse {
  id: string;
  occurredAt: string;
  teamId: string | null;
  actorType: ActorType;
  actorId: string | null;
  actorTokenId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  changes: Record<string, unknown>;
  prevHash: string | null;
  hash: string;
}

export interface AuditPageResponse {
  items: AuditEventResponse[];
  /** Pass as `cursor` for the next (older) page; null on the last. */
  nextCursor: string | null;
}
