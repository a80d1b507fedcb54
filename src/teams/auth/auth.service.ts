import { BadRequestException, ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { Repository } from 'typeorm';
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
    config: ConfigService<AppConfig, true>,
  ) {
    const auth = config.get('auth', { infer: true });
    this.apiTokenDays = { byDefault: auth.apiTokenDefaultDays, max: auth.apiTokenMaxDays };
  }

  /** Creates the user with a personal team (owner, plan free) and logs them in. */
  async register(dto: RegisterDto, client: ClientInfo): Promise<LoginResponse> {
    const email = dto.email.toLowerCase();
    await this.passwords.assertStrong(dto.password, { email, name: dto.name });
    const passwordHash = await argon2.hash(dto.password, { type: argon2.argon2id });
    const { user, team } = await this.users.manager.transaction(async (manager) => {
      if (await manager.existsBy(User, { email })) throw new ConflictException('An account with this email already exists');
      const created = await manager.save(manager.create(User, { email, name: dto.name, passwordHash }));
      const personal = await this.teams.createOwned(created.id, `${dto.name}'s team`, manager);
      return { user: created, team: personal };
    });
    const { token } = await this.sessions.startLogin(user.id, team.id, client);
    return { accessToken: token, user: mapUser(user), activeTeam: team };
  }

  /** The attempt was admitted by LoginThrottleGuard; its outcome is counted here. */
  async login(dto: LoginDto, client: ClientInfo): Promise<LoginResponse> {
    const user = await this.users.findOne({
      where: { email: normalizedEmail(dto.email) },
      select: { id: true, email: true, name: true, passwordHash: true },
    });
    const valid = await argon2.verify(user?.passwordHash ?? (await DUMMY_HASH), dto.password);
    const address = client.ip ?? undefined;
    if (!user || !valid) {
      await this.throttle.failed(address);
      throw new UnauthorizedException('Invalid email or password');
    }
    await this.throttle.succeeded(dto.email, address);
    const [team] = await this.teams.listForUser(user.id);
    if (!team) throw new UnauthorizedException('This account belongs to no team');
    const { token } = await this.sessions.startLogin(user.id, team.id, client);
    return { accessToken: token, user: mapUser(user), activeTeam: team };
  }

  logout(context: TeamContext): Promise<void> {
    return this.sessions.revoke(context.sessionId);
  }

  async me(context: TeamContext): Promise<MeResponse> {
    const user = await this.users.findOneByOrFail({ id: context.userId });
    const teams = await this.teams.listForUser(context.userId);
    const activeTeam = teams.find((team) => team.id === context.teamId);
    if (!activeTeam) throw new UnauthorizedException('Authentication required');
    return { user: mapUser(user), activeTeam, teams };
  }

  /** From a signed-in session only (SignedInSessionGuard). */
  async createApiToken(context: TeamContext, dto: CreateApiTokenDto): Promise<CreatedApiTokenResponse> {
    const days = dto.expiresInDays ?? this.apiTokenDays.byDefault;
    if (days > this.apiTokenDays.max) throw new BadRequestException([`expiresInDays must not be greater than ${this.apiTokenDays.max}`]);
    const { session, token } = await this.sessions.createApiToken(context, dto.name, days);
    return { ...mapApiToken(session), token };
  }

  async listApiTokens(context: TeamContext): Promise<ApiTokenResponse[]> {
    return (await this.sessions.listApiTokens(context.userId)).map(mapApiToken);
  }

  revokeApiToken(context: TeamContext, id: string): Promise<void> {
    return this.sessions.revokeApiToken(context.userId, id);
  }

  /**
   * From a signed-in session only (SignedInSessionGuard), with the current password: the new one
   * must pass the policy. The user's other sign-ins end; this one and the API tokens stay.
   */
  async changePassword(context: TeamContext, dto: ChangePasswordDto): Promise<void> {
    const user = await this.users.findOneOrFail({
      where: { id: context.userId },
      select: { id: true, email: true, name: true, passwordHash: true },
    });
    if (!(await argon2.verify(user.passwordHash, dto.currentPassword))) {
      throw new BadRequestException('currentPassword is not the password of this account');
    }
    await this.passwords.assertStrong(dto.newPassword, user, 'newPassword');
    const passwordHash = await argon2.hash(dto.newPassword, { type: argon2.argon2id });
    await this.users.update({ id: user.id }, { passwordHash });
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
