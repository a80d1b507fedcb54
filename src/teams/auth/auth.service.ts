import { BadRequestException, ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { Repository } from 'typeorm';
import { type AuditContext, asUser } from '../../audit/audit-context.js';
import { AuditService } from '../../audit/audit.service.js';
import type { AppConfig } from '../../config/configuration.js';
import { User } from '../entities/user.entity.js';
import type { Session } from '../entities/session.entity.js';
import { TeamsService } from '../teams.service.js';
import type {
  ApiTokenResponse,
  CreatedApiTokenResponse,
  LoginResponse,
  MeResponse,
  UserResponse,
} from './auth.response.js';
import type { ChangePasswordDto } from './dto/change-password.dto.js';
import type { CreateApiTokenDto } from './dto/create-api-token.dto.js';
import type { LoginDto } from './dto/login.dto.js';
import type { RegisterDto } from './dto/register.dto.js';
import { LoginThrottleService, normalizedEmail } from './login-throttle/login-throttle.service.js';
import { PasswordPolicy } from './password-policy.js';
import { type ClientInfo, SessionsService } from './sessions.service.js';
import type { TeamContext } from './team-context.js';

/** Verified against when the email is unknown, so a login takes as long whether or not it exists. */
const DUMMY_HASH = argon2.hash('not a real password');

@Injectable()
export class AuthService {
  private readonly apiTokenDays: { byDefault: number; max: number };

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly teams: TeamsService,
    private readonly sessions: SessionsService,
    private readonly passwords: PasswordPolicy,
    private readonly throttle: LoginThrottleService,
    private readonly audit: AuditService,
    config: ConfigService<AppConfig, true>,
  ) {
    const auth = config.get('auth', { infer: true });
    this.apiTokenDays = { byDefault: auth.apiTokenDefaultDays, max: auth.apiTokenMaxDays };
  }

  /** Creates the user with a personal team (owner, plan free) and logs them in. */
  async register(dto: RegisterDto, client: ClientInfo, audit: AuditContext): Promise<LoginResponse> {
    const email = dto.email.toLowerCase();
    await this.passwords.assertStrong(dto.password, { email, name: dto.name });
    const passwordHash = await argon2.hash(dto.password, { type: argon2.argon2id });
    const { user, team } = await this.users.manager.transaction(async (manager) => {
      if (await manager.existsBy(User, { email })) throw new ConflictException('An account with this email already exists');
      const created = await manager.save(manager.create(User, { email, name: dto.name, passwordHash }));
      const personal = await this.teams.createOwned(created.id, `${dto.name}'s team`, manager);
      await this.audit.record(manager, asUser(audit, created.id), {
        teamId: personal.id,
        action: 'user.registered',
        target: { type: 'user', id: created.id },
        changes: { email, name: dto.name },
      });
      return { user: created, team: personal };
    });
    const { token } = await this.sessions.startLogin(user.id, team.id, client);
    return { accessToken: token, user: mapUser(user), activeTeam: team };
  }

  /** The attempt was admitted by LoginThrottleGuard; its outcome is counted here. */
  async login(dto: LoginDto, client: ClientInfo, audit: AuditContext): Promise<LoginResponse> {
    const user = await this.users.findOne({
      where: { email: normalizedEmail(dto.email) },
      select: { id: true, email: true, name: true, passwordHash: true },
    });
    const valid = await argon2.verify(user?.passwordHash ?? (await DUMMY_HASH), dto.password);
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

  async me(context: TeamContext): Promise<MeResponse> {
    const user = await this.users.findOneByOrFail({ id: context.userId });
    const teams = await this.teams.listForUser(context.userId);
    const activeTeam = teams.find((team) => team.id === context.teamId);
    if (!activeTeam) throw new UnauthorizedException('Authentication required');
    return { user: mapUser(user), activeTeam, teams };
  }

  /** From a signed-in session only (SignedInSessionGuard). */
  async createApiToken(context: TeamContext, dto: CreateApiTokenDto, audit: AuditContext): Promise<CreatedApiTokenResponse> {
    const days = dto.expiresInDays ?? this.apiTokenDays.byDefault;
    if (days > this.apiTokenDays.max) throw new BadRequestException([`expiresInDays must not be greater than ${this.apiTokenDays.max}`]);
    const { session, token } = await this.sessions.createApiToken(context, dto.name, days, (manager, tokenId) =>
      this.audit.record(manager, audit, {
        teamId: context.teamId,
        action: 'api_token.created',
        target: { type: 'api_token', id: tokenId },
        changes: { name: dto.name, expiresInDays: days },
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
   * From a signed-in session only (SignedInSessionGuard), with the current password: the new one
   * must pass the policy. The user's other sign-ins end; this one and the API tokens stay.
   */
  async changePassword(context: TeamContext, dto: ChangePasswordDto, audit: AuditContext): Promise<void> {
    const user = await this.users.findOneOrFail({
      where: { id: context.userId },
      select: { id: true, email: true, name: true, passwordHash: true },
    });
    if (!(await argon2.verify(user.passwordHash, dto.currentPassword))) {
      throw new BadRequestException('currentPassword is not the password of this account');
    }
    await this.passwords.assertStrong(dto.newPassword, user, 'newPassword');
    const passwordHash = await argon2.hash(dto.newPassword, { type: argon2.argon2id });
    await this.users.manager.transaction(async (manager) => {
      await manager.update(User, { id: user.id }, { passwordHash });
      await this.audit.record(manager, audit, { teamId: context.teamId, action: 'user.password_changed', target: { type: 'user', id: user.id } });
    });
    await this.sessions.revokeOtherLogins(user.id, context.sessionId);
  }
}

function mapUser(user: User): UserResponse {
  return { id: user.id, email: user.email, name: user.name };
}

function mapApiToken(session: Session): ApiTokenResponse {
  return {
    id: session.id,
    name: session.name ?? '',
    teamId: session.activeTeamId,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
    expiresAt: session.expiresAt.toISOString(),
  };
}
