import { createHash, randomBytes } from 'node:crypto';
import { BadRequestException, GoneException, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { asUser, type AuditContext } from '../../../audit-events/audit-context.js';
import { AuditService } from '../../../audit-events/audit.service.js';
import type { AppConfig } from '../../../config/configuration.js';
import { DatabaseClock } from '../../../database/database-clock.js';
import { MailService } from '../../../mail/mail.service.js';
import { User } from '../../entities/user.entity.js';
import type { PasswordResetRequestedResponse, PasswordResetResponse } from '../auth.response.js';
import { passwordLoginDisabled } from '../auth.service.js';
import type { ConfirmPasswordResetDto } from '../dto/password-reset.dto.js';
import { normalizedEmail } from '../login-throttle/login-throttle.service.js';
import { PasswordHasher } from '../password-hasher.js';
import { PasswordPolicy } from '../password-policy.js';
import { SessionCache } from '../session-cache.js';
import { SessionsService } from '../sessions.service.js';
import { renderPasswordResetMail } from './password-reset-mail.js';

const REQUESTED: PasswordResetRequestedResponse = {
  message: 'If this address has an account that signs in with a password, we mailed it a link to choose a new one.',
};

const INVALID_LINK = 'This password reset link is invalid or was already used: ask for a new one';

/**
 * Password reset by a mailed link (docs/decisions/password-reset.md). The request is answered
 * before the address is even looked up, so neither the answer nor its timing says whether an
 * account exists; the lookup and the mail follow in the background. The link's token is 32
 * random bytes, stored only as its SHA-256, one outstanding per account, good once and until it
 * expires. Using it sets the password and signs every browser out; API tokens stay.
 */
@Injectable()
export class PasswordResetService implements OnApplicationShutdown {
  private readonly logger = new Logger(PasswordResetService.name);
  private readonly passwordLogin: boolean;
  private readonly ttlMs: number;
  private readonly mailIntervalMs: number;
  private readonly frontendUrl: string;
  /** Lookups and mails under way, awaited at shutdown. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mail: MailService,
    private readonly databaseClock: DatabaseClock,
    private readonly sessions: SessionsService,
    private readonly cache: SessionCache,
    private readonly passwords: PasswordPolicy,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
    config: ConfigService<AppConfig, true>,
  ) {
    const auth = config.get('auth', { infer: true });
    this.passwordLogin = auth.passwordLogin;
    this.ttlMs = auth.passwordResetTtlSeconds * 1000;
    this.mailIntervalMs = auth.passwordResetMailIntervalSeconds * 1000;
    this.frontendUrl = config.get('app', { infer: true }).frontendUrl;
  }

  /**
   * The same answer for every address. Under PASSWORD_LOGIN=disabled nothing is looked up or mailed
   * (nobody signs in with a password there); otherwise the link goes out in the background.
   */
  request(email: string): PasswordResetRequestedResponse {
    if (this.passwordLogin) this.inBackground(() => this.mailLink(normalizedEmail(email)));
    return REQUESTED;
  }

  /** Resolves once every request under way has been looked up and mailed (at shutdown, and for tests). */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }

  onApplicationShutdown(): Promise<void> {
    return this.settled();
  }

  private inBackground(work: () => Promise<void>): void {
    const running: Promise<void> = work()
      .catch((error: unknown) => this.logger.error(`A password reset request failed: ${String(error)}`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /**
   * Mails a new link (replacing an older one) to an account that signs in with a password: none to
   * an unknown address, an account made by single sign-on (no password) or a deactivated one, and
   * none within the mail interval of the last (the link mailed then keeps working).
   */
  private async mailLink(email: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const mailed = await this.users.manager.transaction(async (manager) => {
      const user = await manager.findOne(User, {
        where: { email },
        select: { id: true, email: true, name: true, passwordHash: true, deactivatedAt: true, passwordResetSentAt: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user || user.passwordHash === null || user.deactivatedAt !== null) return null;
      const now = await this.databaseClock.now(manager);
      if (user.passwordResetSentAt && user.passwordResetSentAt.getTime() + this.mailIntervalMs > now.getTime()) return null;
      const expiresAt = new Date(now.getTime() + this.ttlMs);
      await manager.update(User, { id: user.id }, { passwordResetTokenHash: hashToken(token), passwordResetExpiresAt: expiresAt, passwordResetSentAt: now });
      return { user, expiresAt };
    });
    if (!mailed) return;
    const link = `${this.frontendUrl}/dashboard/reset-password#token=${encodeURIComponent(token)}`;
    const { subject, html, text } = renderPasswordResetMail({ name: mailed.user.name, link, expiresAt: mailed.expiresAt });
    await this.mail.send({ to: mailed.user.email, subject, html, text });
  }

  /**
   * Sets the password the link's holder chose (the policy's 400 leaves the link usable), uses the
   * link up, confirms the address (the link proved it), ends every sign-in of the account and their
   * open streams, and records it, acted by the account, in its first team.
   */
  async confirm(dto: ConfirmPasswordResetDto, audit: AuditContext): Promise<PasswordResetResponse> {
    if (!this.passwordLogin) throw passwordLoginDisabled();
    const tokenHash = hashToken(dto.token);
    const user = await this.users.findOne({
      where: { passwordResetTokenHash: tokenHash },
      select: { id: true, email: true, name: true, passwordResetExpiresAt: true, deactivatedAt: true },
    });
    if (!user || user.deactivatedAt !== null) throw new BadRequestException(INVALID_LINK);
    const now = await this.databaseClock.now();
    if (!user.passwordResetExpiresAt || user.passwordResetExpiresAt <= now) {
      throw new GoneException('This password reset link has expired: ask for a new one');
    }
    await this.passwords.assertStrong(dto.password, user);
    const passwordHash = await this.hasher.hash(dto.password);
    const signedOut = await this.users.manager.transaction(async (manager) => {
      // Claimed again by its hash, so that of two concurrent uses one wins and the other is refused.
      const [claimed] = await manager.query<[{ id: string }[], number]>(
        `UPDATE users SET password_hash = $2, password_reset_token_hash = NULL, password_reset_expires_at = NULL,
                email_verified_at = coalesce(email_verified_at, now())
          WHERE id = $1 AND password_reset_token_hash = $3 AND password_reset_expires_at > now() AND deactivated_at IS NULL
          RETURNING id`,
        [user.id, passwordHash, tokenHash],
      );
      if (claimed.length === 0) throw new BadRequestException(INVALID_LINK);
      const revoked = await this.sessions.revokeLogins(manager, user.id);
      const [first] = await manager.query<{ team_id: string }[]>('SELECT team_id FROM memberships WHERE user_id = $1 ORDER BY created_at LIMIT 1', [user.id]);
      await this.audit.record(manager, asUser(audit, user.id), {
        teamId: first?.team_id ?? null,
        action: 'user.password_reset',
        target: { type: 'user', id: user.id },
        changes: { signedOut: revoked.length },
      });
      return revoked;
    });
    await this.sessions.endSessionStreams(signedOut);
    // API tokens stay; their resolved sessions may carry the address as unverified.
    await this.cache.announce({ account: user.id });
    return { email: user.email, signedOut: signedOut.length };
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
