import { createHash, randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, ForbiddenException, GoneException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { asUser, type AuditContext } from '../../../audit-events/audit-context.js';
import { AuditService } from '../../../audit-events/audit.service.js';
import type { AppConfig } from '../../../config/configuration.js';
import { DatabaseClock } from '../../../database/database-clock.js';
import { TooManyRequestsException } from '../../../http/too-many-requests.exception.js';
import { MailService } from '../../../mail/mail.service.js';
import { User } from '../../entities/user.entity.js';
import { SessionCache } from '../session-cache.js';
import type { TeamContext } from '../team-context.js';
import { renderSignupNoticeMail, renderVerificationMail } from './verification-mail.js';

/** The code in a 403 body while the caller's address is not verified. */
export const EMAIL_UNVERIFIED = 'email_unverified';

/** A verification link is mailed at most once a minute per account. */
const RESEND_INTERVAL_MS = 60_000;
/** The "someone tried to register your address" mail goes to an address at most once a day. */
const SIGNUP_NOTICE_INTERVAL_MS = 24 * 3600_000;

/** 403 with `code: email_unverified`, for an action that waits for the caller's address to be verified. */
export function unverifiedException(message: string): ForbiddenException {
  return new ForbiddenException({ message, code: EMAIL_UNVERIFIED });
}

/**
 * Email verification: a random link token, stored only as its SHA-256, good once and until it
 * expires; one outstanding per account (a resend replaces it). The link opens a dashboard page
 * whose button confirms (POST), so mail scanners that follow links confirm nothing.
 */
@Injectable()
export class EmailVerificationService {
  private readonly ttlMs: number;
  private readonly frontendUrl: string;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mail: MailService,
    private readonly databaseClock: DatabaseClock,
    private readonly cache: SessionCache,
    private readonly audit: AuditService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.ttlMs = config.get('auth', { infer: true }).emailVerificationTtlSeconds * 1000;
    this.frontendUrl = config.get('app', { infer: true }).frontendUrl;
  }

  /** Makes a new link for `user` (replacing any older one) and mails it. */
  async mailLink(user: Pick<User, 'id' | 'email' | 'name'>, manager: EntityManager = this.users.manager): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = await this.databaseClock.now(manager);
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await manager.update(
      User,
      { id: user.id },
      { emailVerificationTokenHash: hashToken(token), emailVerificationExpiresAt: expiresAt, emailVerificationSentAt: now },
    );
    const link = `${this.frontendUrl}/dashboard/verify-email#token=${encodeURIComponent(token)}`;
    const { subject, html, text } = renderVerificationMail({ name: user.name, email: user.email, link, expiresAt });
    await this.mail.send({ to: user.email, subject, html, text });
  }

  /** A new link for the signed-in user, at most once a minute; 409 when already verified. */
  async resend(context: TeamContext): Promise<{ sentAt: string }> {
    const sentAt = await this.users.manager.transaction(async (manager) => {
      const user = await manager.findOneOrFail(User, {
        where: { id: context.userId },
        select: { id: true, email: true, name: true, emailVerifiedAt: true, emailVerificationSentAt: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (user.emailVerifiedAt) throw new ConflictException('Your email address is already verified');
      const now = await this.databaseClock.now(manager);
      const nextAt = (user.emailVerificationSentAt?.getTime() ?? 0) + RESEND_INTERVAL_MS;
      if (nextAt > now.getTime()) {
        const seconds = Math.ceil((nextAt - now.getTime()) / 1000);
        throw new TooManyRequestsException(`A verification link was mailed less than a minute ago; try again in ${seconds} s`, seconds);
      }
      await this.mailLink(user, manager);
      return now;
    });
    return { sentAt: sentAt.toISOString() };
  }

  /**
   * Verifies the address the link was mailed to; the link is used up. Recorded, acted by the account
   * verified, in its first team (its own, from registration), as registration is.
   */
  async confirm(token: string, audit: AuditContext): Promise<{ email: string }> {
    const { userId, email } = await this.users.manager.transaction(async (manager) => {
      const user = await manager.findOne(User, {
        where: { emailVerificationTokenHash: hashToken(token) },
        select: { id: true, email: true, emailVerificationExpiresAt: true },
        lock: { mode: 'pessimistic_write' },
      });
      // Unknown, used, or replaced by a newer link.
      if (!user) throw new BadRequestException('This verification link is invalid or was already used: ask for a new one');
      const now = await this.databaseClock.now(manager);
      if (!user.emailVerificationExpiresAt || user.emailVerificationExpiresAt <= now) {
        throw new GoneException('This verification link has expired: sign in and ask for a new one');
      }
      await manager.update(
        User,
        { id: user.id },
        { emailVerifiedAt: now, emailVerificationTokenHash: null, emailVerificationExpiresAt: null },
      );
      const [first] = await manager.query<{ team_id: string }[]>('SELECT team_id FROM memberships WHERE user_id = $1 ORDER BY created_at LIMIT 1', [user.id]);
      await this.audit.record(manager, asUser(audit, user.id), {
        teamId: first?.team_id ?? null,
        action: 'user.email_verified',
        target: { type: 'user', id: user.id },
        changes: { email: user.email, emailVerified: { before: false, after: true } },
      });
      return { userId: user.id, email: user.email };
    });
    // Sessions resolved before carry `emailVerified: false`: every instance drops them.
    await this.cache.announce({ account: userId });
    return { email };
  }

  /**
   * Someone registered an address that has an account: its owner is told (at most once a day),
   * and the caller is answered as for a new account. Takes about as long as creating one.
   */
  async noticeExistingAccount(email: string): Promise<void> {
    const mailed = await this.users.manager.transaction(async (manager) => {
      const user = await manager.findOne(User, {
        where: { email },
        select: { id: true, signupNoticeSentAt: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) return false;
      const now = await this.databaseClock.now(manager);
      if (user.signupNoticeSentAt && user.signupNoticeSentAt.getTime() + SIGNUP_NOTICE_INTERVAL_MS > now.getTime()) return false;
      await manager.update(User, { id: user.id }, { signupNoticeSentAt: now });
      return true;
    });
    if (!mailed) return;
    const { subject, html, text } = renderSignupNoticeMail({ email, signInUrl: `${this.frontendUrl}/dashboard` });
    await this.mail.send({ to: email, subject, html, text });
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
