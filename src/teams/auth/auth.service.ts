import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { AuthSettings } from '../../config/auth.config.js';
import { type AuditContext, asUser } from '../../audit-events/audit-context.js';
import { AuditService } from '../../audit-events/audit.service.js';
import type { AppConfig } from '../../config/configuration.js';
import { DatabaseClock } from '../../database/database-clock.js';
import { User } from '../entities/user.entity.js';
import type { Session } from '../entities/session.entity.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import { TeamsService } from '../teams.service.js';
import type {
  ApiTokenResponse,
  AuthOptionsResponse,
  CreatedApiTokenResponse,
  LoginResponse,
  MeResponse,
  SessionResponse,
  UserResponse,
  VerificationPendingResponse,
} from './auth.response.js';
import type { ChangePasswordDto } from './dto/change-password.dto.js';
import type { CreateApiTokenDto } from './dto/create-api-token.dto.js';
import type { LoginDto } from './dto/login.dto.js';
import type { UpdateMeDto } from './dto/update-me.dto.js';
import type { RegisterDto } from './dto/register.dto.js';
import { EmailVerificationService } from './email-verification/email-verification.service.js';
import { LoginThrottleService, normalizedEmail } from './login-throttle/login-throttle.service.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordPolicy } from './password-policy.js';
import { type ClientInfo, SessionsService } from './sessions.service.js';
import { permissionsOf } from '../permissions/permissions.js';
import type { TeamContext } from './team-context.js';

@Injectable()
export class AuthService {
  private readonly apiTokenDays: { byDefault: number; max: number };
  private readonly settings: Pick<AuthSettings, 'signup' | 'passwordLogin' | 'emailVerification'>;
  private readonly sso: AuthOptionsResponse['sso'];

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly teams: TeamsService,
    private readonly sessions: SessionsService,
    private readonly passwords: PasswordPolicy,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly invitations: InvitationsService,
    private readonly verification: EmailVerificationService,
    private readonly databaseClock: DatabaseClock,
    private readonly audit: AuditService,
    config: ConfigService<AppConfig, true>,
  ) {
    const auth = config.get('auth', { infer: true });
    this.apiTokenDays = { byDefault: auth.apiTokenDefaultDays, max: auth.apiTokenMaxDays };
    this.settings = { signup: auth.signup, passwordLogin: auth.passwordLogin, emailVerification: auth.emailVerification };
    const oidc = config.get('oidc', { infer: true });
    this.sso = oidc && { displayName: oidc.displayName, loginUrl: '/api/auth/oidc/login' };
  }

  /** What the sign-in page offers on this deployment (public). */
  options(): AuthOptionsResponse {
    return { ...this.settings, passwordLogin: this.settings.passwordLogin ? 'enabled' : 'disabled', sso: this.sso };
  }

  /**
   * Creates the user with a personal team (owner, plan free), mails a verification link and logs
   * them in; under EMAIL_VERIFICATION=required it answers `verificationRequired` instead of a
   * session, and answers an address that already has an account the same way (its owner is
   * mailed a notice instead), so that sign-up does not tell which addresses have accounts.
   */
  async register(dto: RegisterDto, client: ClientInfo, audit: AuditContext): Promise<LoginResponse | VerificationPendingResponse> {
    this.requirePasswordLogin();
    if (this.settings.signup === 'closed') {
      throw new ForbiddenException({ message: 'Sign-up is closed on this deployment: ask an administrator for an account', code: 'signup_closed' });
    }
    const email = dto.email.toLowerCase();
    await this.passwords.assertStrong(dto.password, { email, name: dto.name });
    // Hashed before the address is looked up, so an existing address takes as long as a new one.
    const passwordHash = await this.hasher.hash(dto.password);
    const created = await this.users.manager.transaction(async (manager) => {
      // Checked before existence, so that refusals by invitation say nothing about accounts.
      if (this.settings.signup === 'invite' && !(await this.invitations.isInvited(email, manager))) {
        throw new ForbiddenException({
          message: 'Sign-up is by invitation only: use the address a team invited',
          code: 'signup_invite_only',
        });
      }
      if (await manager.existsBy(User, { email })) {
        if (this.settings.emailVerification === 'required') return null;
        throw new ConflictException('An account with this email already exists');
      }
      const account = await this.createAccount(manager, { email, name: dto.name, passwordHash, emailVerifiedAt: null });
      await this.audit.record(manager, asUser(audit, account.user.id), {
        teamId: account.team.id,
        action: 'user.registered',
        target: { type: 'user', id: account.user.id },
        changes: { email, name: dto.name },
      });
      return account;
    });
    if (!created) {
      await this.verification.noticeExistingAccount(email);
      return verificationPending(email);
    }
    await this.verification.mailLink(created.user);
    if (this.settings.emailVerification === 'required') return verificationPending(email);
    const { token } = await this.sessions.startLogin(created.user.id, created.team.id, client);
    return { accessToken: token, user: mapUser(created.user), activeTeam: created.team };
  }

  /**
   * An account made by an operator (`npm run cli -- create-user`, for SIGNUP=closed): verified (the
   * operator vouches for the address), with a personal team and a generated password shown once.
   */
  async createByOperator(email: string, name: string): Promise<{ user: UserResponse; password: string }> {
    const address = email.trim().toLowerCase();
    const password = randomBytes(18).toString('base64url');
    const passwordHash = await this.hasher.hash(password);
    const user = await this.users.manager.transaction(async (manager) => {
      if (await manager.existsBy(User, { email: address })) throw new ConflictException('An account with this email already exists');
      const emailVerifiedAt = await this.databaseClock.now(manager);
      return (await this.createAccount(manager, { email: address, name, passwordHash, emailVerifiedAt })).user;
    });
    return { user: mapUser(user), password };
  }

  /** The user row and their personal team (owner, plan free). */
  private async createAccount(manager: EntityManager, fields: Pick<User, 'email' | 'name' | 'passwordHash' | 'emailVerifiedAt'>) {
    const user = await manager.save(manager.create(User, fields));
    const team = await this.teams.createOwned(user.id, `${fields.name}'s team`, manager);
    return { user, team };
  }

  /** The attempt was admitted by LoginThrottleGuard; its outcome is counted here. */
  async login(dto: LoginDto, client: ClientInfo, audit: AuditContext): Promise<LoginResponse> {
    this.requirePasswordLogin();
    const user = await this.users.findOne({
      where: { email: normalizedEmail(dto.email) },
      select: { id: true, email: true, name: true, passwordHash: true, emailVerifiedAt: true, deactivatedAt: true, approvalDigest: true },
    });
    const valid = await this.hasher.verify(user?.passwordHash, dto.password);
    const address = client.ip ?? undefined;
    if (!user || !valid) {
      await this.throttle.failed(address);
      // Deployment-wide: a failed attempt signs in to no team (and may name no account).
      await this.audit.record(this.users.manager, audit, {
        teamId: null,
        action: 'auth.sign_in_failed',
        target: user ? { type: 'user', id: user.id } : undefined,
        changes: { email: normalizedEmail(dto.email), method: 'password' },
      });
      throw new UnauthorizedException('Invalid email or password');
    }
    await this.throttle.succeeded(dto.email, address);
    if (user.deactivatedAt) {
      await this.audit.record(this.users.manager, audit, {
        teamId: null,
        action: 'auth.sign_in_failed',
        target: { type: 'user', id: user.id },
        changes: { email: user.email, method: 'password', reason: 'deactivated' },
      });
      throw new UnauthorizedException('This account is deactivated');
    }
    // Made at another cost than today's PASSWORD_HASH_*: hashed again, unless the password changed meanwhile.
    if (user.passwordHash && this.hasher.needsRehash(user.passwordHash)) {
      await this.users.update({ id: user.id, passwordHash: user.passwordHash }, { passwordHash: await this.hasher.hash(dto.password) });
    }
    const [team] = await this.teams.listForUser(user.id);
    if (!team) throw new UnauthorizedException('This account belongs to no team');
    const { token } = await this.sessions.startLogin(user.id, team.id, client, (manager, sessionId) =>
      this.audit.record(manager, asUser(audit, user.id), {
        teamId: team.id,
        action: 'auth.signed_in',
        target: { type: 'session', id: sessionId },
        changes: { method: 'password' },
      }),
    );
    return { accessToken: token, user: mapUser(user), activeTeam: team };
  }

  logout(context: TeamContext, audit: AuditContext): Promise<void> {
    return this.sessions.revoke(context.sessionId, (manager, sessionId) =>
      this.audit.record(manager, audit, { teamId: context.teamId, action: 'auth.signed_out', target: { type: 'session', id: sessionId } }),
    );
  }

  /** GET /api/auth/session: who a session token (or none) stands for, null when it stands for no one. */
  async session(token: string | null): Promise<SessionResponse> {
    const context = await this.sessions.authenticate(token);
    return { me: context ? await this.me(context) : null };
  }

  async me(context: TeamContext): Promise<MeResponse> {
    const user = await this.users.findOneByOrFail({ id: context.userId });
    const teams = await this.teams.listForUser(context.userId);
    const activeTeam = teams.find((team) => team.id === context.teamId);
    if (!activeTeam) throw new UnauthorizedException('Authentication required');
    return { user: mapUser(user), activeTeam, teams, permissions: permissionsOf(activeTeam.role) };
  }

  /** PATCH /api/auth/me: the caller's own settings; answers as GET /api/auth/me. */
  async updateMe(context: TeamContext, dto: UpdateMeDto): Promise<MeResponse> {
    await this.users.update({ id: context.userId }, { approvalDigest: dto.approvalDigest });
    return this.me(context);
  }

  /** From a signed-in session only (the permission table: `account.credentials`). */
  async createApiToken(context: TeamContext, dto: CreateApiTokenDto, audit: AuditContext): Promise<CreatedApiTokenResponse> {
    const days = dto.expiresInDays ?? this.apiTokenDays.byDefault;
    if (days > this.apiTokenDays.max) throw new BadRequestException([`expiresInDays must not be greater than ${this.apiTokenDays.max}`]);
    const scope = dto.scope ?? 'read-write';
    const { session, token } = await this.sessions.createApiToken(context, dto.name, days, scope, (manager, tokenId) =>
      this.audit.record(manager, audit, {
        teamId: context.teamId,
        action: 'api_token.created',
        target: { type: 'api_token', id: tokenId },
        changes: { name: dto.name, expiresInDays: days, scope },
      }),
    );
    return { ...mapApiToken(session), token };
  }

  async listApiTokens(context: TeamContext): Promise<ApiTokenResponse[]> {
    return (await this.sessions.listApiTokens(context.userId)).map(mapApiToken);
  }

  revokeApiToken(context: TeamContext, id: string, audit: AuditContext): Promise<void> {
    return this.sessions.revokeApiToken(context.userId, id, (manager, tokenId) =>
      this.audit.record(manager, audit, { teamId: context.teamId, action: 'api_token.revoked', target: { type: 'api_token', id: tokenId } }),
    );
  }

  /**
   * From a signed-in session only (the permission table: `account.credentials`), with the current password: the new one
   * must pass the policy. The user's other sign-ins end; this one and the API tokens stay.
   */
  async changePassword(context: TeamContext, dto: ChangePasswordDto, audit: AuditContext): Promise<void> {
    const user = await this.users.findOneOrFail({
      where: { id: context.userId },
      select: { id: true, email: true, name: true, passwordHash: true },
    });
    if (user.passwordHash === null) {
      throw new BadRequestException({ message: 'This account signs in with single sign-on and has no password', code: 'no_password' });
    }
    if (!(await this.hasher.verify(user.passwordHash, dto.currentPassword))) {
      throw new BadRequestException('currentPassword is not the password of this account');
    }
    await this.passwords.assertStrong(dto.newPassword, user, 'newPassword');
    const passwordHash = await this.hasher.hash(dto.newPassword);
    await this.users.manager.transaction(async (manager) => {
      // A reset link mailed before stops working: the password it would replace is gone.
      await manager.update(User, { id: user.id }, { passwordHash, passwordResetTokenHash: null, passwordResetExpiresAt: null });
      await this.audit.record(manager, audit, { teamId: context.teamId, action: 'user.password_changed', target: { type: 'user', id: user.id } });
    });
    await this.sessions.revokeOtherLogins(user.id, context.sessionId);
  }

  private requirePasswordLogin(): void {
    if (!this.settings.passwordLogin) throw passwordLoginDisabled();
  }
}

/** 403 `password_login_disabled`: password sign-in, registration and reset are off (SSO-only deployments). */
export function passwordLoginDisabled(): ForbiddenException {
  return new ForbiddenException({
    message: 'Password sign-in is turned off on this deployment: sign in with single sign-on',
    code: 'password_login_disabled',
  });
}

function verificationPending(email: string): VerificationPendingResponse {
  return {
    verificationRequired: true,
    email,
    message: 'Check your mail: if this address can be registered, we sent it a link to confirm it. Then sign in.',
  };
}

function mapUser(user: User): UserResponse {
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerifiedAt !== null, approvalDigest: user.approvalDigest };
}

function mapApiToken(session: Session): ApiTokenResponse {
  return {
    id: session.id,
    name: session.name ?? '',
    teamId: session.activeTeamId,
    scope: session.scope,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
    expiresAt: session.expiresAt.toISOString(),
  };
}
