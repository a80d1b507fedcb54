import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SYSTEM_AUDIT } from '../../audit-events/audit-context.js';
import { AuditService } from '../../audit-events/audit.service.js';

/** A SCIM token as the operator sees it: never the secret, which is shown once at creation. */
export interface ScimTokenRow {
  id: string;
  name: string;
  createdAt: Date;
  revokedAt: Date | null;
}

const PREFIX = 'scim_';

/**
 * Deployment-wide bearer tokens for the identity provider's SCIM client, made and revoked by the
 * operator's CLI. Stored as SHA-256 of 32 random bytes: a token is a key, not a password, so a
 * fast hash is enough and lets each request be checked with one indexed lookup.
 */
@Injectable()
export class ScimTokensService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async create(name: string): Promise<{ id: string; token: string }> {
    const token = PREFIX + randomBytes(32).toString('base64url');
    return this.dataSource.transaction(async (manager) => {
      const [{ id }] = await manager.query<{ id: string }[]>(`INSERT INTO scim_tokens (name, token_hash) VALUES ($1, $2) RETURNING id`, [name, hashOf(token)]);
      await this.audit.record(manager, SYSTEM_AUDIT, { teamId: null, action: 'scim_token.created', target: { type: 'scim_token', id }, changes: { name } });
      return { id, token };
    });
  }

  async revoke(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ id: string }[], number]>(`UPDATE scim_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id`, [id]);
      if (rows.length === 0) throw new NotFoundException(`No live SCIM token ${id}`);
      await this.audit.record(manager, SYSTEM_AUDIT, { teamId: null, action: 'scim_token.revoked', target: { type: 'scim_token', id } });
    });
  }

  list(): Promise<ScimTokenRow[]> {
    return this.dataSource.query(`SELECT id, name, created_at AS "createdAt", revoked_at AS "revokedAt" FROM scim_tokens ORDER BY created_at`);
  }

  /** The live token's id, or null. */
  async verify(token: string): Promise<string | null> {
    if (!token.startsWith(PREFIX) || token.length > 200) return null;
    const hash = hashOf(token);
    const rows: { id: string; token_hash: string }[] = await this.dataSource.query(
      `SELECT id, token_hash FROM scim_tokens WHERE token_hash = $1 AND revoked_at IS NULL`,
      [hash],
    );
    const row = rows[0];
    return row && timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash)) ? row.id : null;
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
