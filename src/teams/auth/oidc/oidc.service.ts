import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import * as client from 'openid-client';
import { type EntityManager, Repository } from 'typeorm';
import { type AuditContext, asUser } from '../../../audit-events/audit-context.js';
import { AuditService } from '../../../audit-events/audit.service.js';
import type { AuthSettings } from '../../../config/auth.config.js';
import type { AppConfig } from '../../../config/configuration.js';
import type { OidcSettings } from '../../../config/oidc.config.js';
import { DatabaseClock } from '../../../database/database-clock.js';
import { OidcIdentity } from '../../entities/oidc-identity.entity.js';
import { Session } from '../../entities/session.entity.js';
import { User } from '../../entities/user.entity.js';
import { InvitationsService } from '../../invitations/invitations.service.js';
import { TeamsService } from '../../teams.service.js';
import { type ClientInfo, SessionsService } from '../sessions.service.js';
import { GroupSyncService } from '../../group-mappings/group-sync.service.js';
import { OidcSignInError } from './oidc-sign-in-error.js';

/** How long the round trip through the provider may take, in seconds. */
export const FLOW_TTL_SECONDS = 600;
const FLOW_TOKEN_TYPE = 'oidc_flow';

/** What the provider must hand back to the callback, signed into the flow cookie. */
interface FlowClaims {
  typ: typeof FLOW_TOKEN_TYPE;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

export interface OidcSignIn {
  user: { id: string; email: string; name: string };
  /** The provider's groups claim (OIDC_GROUPS_CLAIM), applied to memberships at sign-in; undefined when the provider sent none. */
  groups: string[] | undefined;
  /** The session token, as a password sign-in's. */
  token: string;
  returnTo: string;
}

/** The provider's claims this service reads, from the ID token and, where it leaves them out, userinfo. */
interface IdentityClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  groups: string[] | undefined;
}

/**
 * Single sign-on through the deployment's OpenID provider (authorization code with PKCE): finds
 * the account by (issuer, subject), else links the one with the provider's verified email, else
 * creates one as SIGNUP allows; then starts the same session as a password sign-in.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger(OidcService.name);
  private readonly settings: OidcSettings | null;
  private readonly signup: AuthSettings['signup'];
  private readonly redirectUri: string;
  private readonly postLogoutRedirectUri: string;
  /** Discovered at the first use, and again after a failure (the provider may have been down). */
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly teams: TeamsService,
    private readonly sessions: SessionsService,
    private readonly invitations: InvitationsService,
    private readonly databaseClock: DatabaseClock,
    private readonly audit: AuditService,
    private readonly jwt: JwtService,
    private readonly groupSync: GroupSyncService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.settings = config.get('oidc', { infer: true });
    this.signup = config.get('auth', { infer: true }).signup;
    const app = config.get('app', { infer: true });
    this.redirectUri = `${app.publicUrl}/api/auth/oidc/callback`;
    this.postLogoutRedirectUri = `${app.frontendUrl}/dashboard/login`;
  }

  /** The sign-in button's label; null when single sign-on is off. */
  displayName(): string | null {
    return this.settings?.displayName ?? null;
  }

  /** The provider's authorization URL and the flow token the callback checks it against (kept in a cookie). */
  async start(returnTo: string): Promise<{ url: string; flowToken: string }> {
    const settings = this.enabled();
    const configuration = await this.discovered();
    const flow: FlowClaims = {
      typ: FLOW_TOKEN_TYPE,
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      returnTo,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: settings.scopes,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    const flowToken = await this.jwt.signAsync(flow, { expiresIn: FLOW_TTL_SECONDS });
    return { url: url.href, flowToken };
  }

  /**
   * The callback: checks state, exchanges the code (the library validates the ID token, nonce and
   * PKCE), and signs the user in. A refusal throws OidcSignInError after recording it; nothing else is stored.
   */
  async signIn(callbackUrl: URL, flowToken: string | undefined, clientInfo: ClientInfo, audit: AuditContext): Promise<OidcSignIn> {
    try {
      return await this.complete(callbackUrl, flowToken, clientInfo, audit);
    } catch (error) {
      const failure = error instanceof OidcSignInError ? error : new OidcSignInError('sso_failed', String(error));
      if (failure.code === 'sso_failed') this.logger.warn(`Single sign-on failed: ${failure.message}`);
      await this.audit.record(this.users.manager, audit, {
        teamId: null,
        action: 'auth.sso_sign_in',
        changes: { outcome: 'failure', reason: failure.code },
      });
      throw failure;
    }
  }

  /** The provider's end-session URL for a session single sign-on started; null for others or when the provider has none. */
  async endSessionUrl(sessionId: string): Promise<string | null> {
    if (!this.settings) return null;
    const row = await this.users.manager.findOne(Session, { where: { id: sessionId }, select: { id: true, oidcIdToken: true } });
    if (!row?.oidcIdToken) return null;
    const configuration = await this.discovered();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, {
      id_token_hint: row.oidcIdToken,
      post_logout_redirect_uri: this.postLogoutRedirectUri,
      client_id: this.settings.clientId,
    }).href;
  }

  private async complete(callbackUrl: URL, flowToken: string | undefined, clientInfo: ClientInfo, audit: AuditContext): Promise<OidcSignIn> {
    const settings = this.enabled();
    const flow = await this.verifiedFlow(flowToken);
    if (callbackUrl.searchParams.get('state') !== flow.state) throw new OidcSignInError('sso_state_mismatch');
    if (callbackUrl.searchParams.has('error')) {
      throw new OidcSignInError('sso_provider_error', callbackUrl.searchParams.get('error') ?? undefined);
    }
    const configuration = await this.discovered();
    const tokens = await client.authorizationCodeGrant(
      configuration,
      callbackUrl,
      { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true },
      { redirect_uri: this.redirectUri },
    );
    const idToken = tokens.id_token;
    const claims = await this.identityClaims(configuration, settings, tokens);
    const issuer = configuration.serverMetadata().issuer;

    const account = await this.users.manager.transaction((manager) => this.accountFor(manager, issuer, claims, audit));
    if (account.deactivatedAt) throw new OidcSignInError('sso_deactivated');
    // Memberships follow the provider's groups before the session picks a team, so a new group's team can be the one.
    if (claims.groups) await this.groupSync.applyGroups(account.id, claims.groups, asUser(audit, account.id));
    const [team] = await this.teams.listForUser(account.id);
    if (!team) throw new OidcSignInError('sso_no_team');
    const { token } = await this.sessions.startLogin(account.id, team.id, clientInfo, async (manager, sessionId) => {
      await manager.update(Session, { id: sessionId }, { oidcIdToken: idToken ?? null });
      await this.audit.record(manager, asUser(audit, account.id), {
        teamId: team.id,
        action: 'auth.sso_sign_in',
        target: { type: 'session', id: sessionId },
        changes: { outcome: 'success', method: 'oidc', issuer },
      });
    });
    return { user: { id: account.id, email: account.email, name: account.name }, groups: claims.groups, token, returnTo: flow.returnTo };
  }

  /** The linked account, else the linked existing one, else a new one; refusals store nothing (the transaction rolls back). */
  private async accountFor(manager: EntityManager, issuer: string, claims: IdentityClaims, audit: AuditContext): Promise<User> {
    const now = await this.databaseClock.now(manager);
    const identity = await manager.findOneBy(OidcIdentity, { issuer, subject: claims.subject });
    if (identity) {
      await manager.update(OidcIdentity, { id: identity.id }, { lastSignInAt: now });
      return manager.findOneByOrFail(User, { id: identity.userId });
    }
    if (!claims.email) throw new OidcSignInError('sso_email_missing');
    // Both linking and creating trust the address: only the provider's word that it is verified makes it so.
    if (!claims.emailVerified) throw new OidcSignInError('sso_email_unverified');
    const email = claims.email.toLowerCase();
    const existing = await manager.findOneBy(User, { email });
    if (existing) {
      await manager.save(manager.create(OidcIdentity, { userId: existing.id, issuer, subject: claims.subject, lastSignInAt: now }));
      if (existing.emailVerifiedAt === null) await manager.update(User, { id: existing.id }, { emailVerifiedAt: now });
      await this.audit.record(manager, asUser(audit, existing.id), {
        teamId: null,
        action: 'user.sso_linked',
        target: { type: 'user', id: existing.id },
        changes: { issuer, subject: claims.subject },
      });
      return existing;
    }
    if (this.signup === 'closed') throw new OidcSignInError('sso_signup_closed');
    if (this.signup === 'invite' && !(await this.invitations.isInvited(email, manager))) throw new OidcSignInError('sso_signup_invite_only');
    const name = claims.name?.trim() || email.split('@')[0];
    const user = await manager.save(manager.create(User, { email, name, passwordHash: null, emailVerifiedAt: now }));
    const team = await this.teams.createOwned(user.id, `${name}'s team`, manager);
    await manager.save(manager.create(OidcIdentity, { userId: user.id, issuer, subject: claims.subject, lastSignInAt: now }));
    await this.audit.record(manager, asUser(audit, user.id), {
      teamId: team.id,
      action: 'user.registered',
      target: { type: 'user', id: user.id },
      changes: { email, name, method: 'oidc', issuer, subject: claims.subject },
    });
    return user;
  }

  /** The ID token's claims, completed from userinfo when it leaves out the email or the groups. */
  private async identityClaims(
    configuration: client.Configuration,
    settings: OidcSettings,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  ): Promise<IdentityClaims> {
    const idClaims = tokens.claims();
    if (!idClaims) throw new OidcSignInError('sso_failed', 'no ID token');
    let merged: Record<string, unknown> = { ...idClaims };
    if ((merged.email === undefined || merged[settings.groupsClaim] === undefined) && configuration.serverMetadata().userinfo_endpoint) {
      const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      merged = { ...userinfo, ...merged };
    }
    return {
      subject: idClaims.sub,
      email: typeof merged.email === 'string' && merged.email.includes('@') ? merged.email : undefined,
      // Some providers send the boolean as a string.
      emailVerified: merged.email_verified === true || merged.email_verified === 'true',
      name: typeof merged.name === 'string' ? merged.name : typeof merged.preferred_username === 'string' ? merged.preferred_username : undefined,
      groups: groupNames(merged[settings.groupsClaim]),
    };
  }

  private async verifiedFlow(flowToken: string | undefined): Promise<FlowClaims> {
    if (!flowToken) throw new OidcSignInError('sso_state_mismatch', 'no flow cookie');
    try {
      const flow = await this.jwt.verifyAsync<FlowClaims & { iat: number; exp: number }>(flowToken);
      if (flow.typ !== FLOW_TOKEN_TYPE) throw new OidcSignInError('sso_state_mismatch');
      return flow;
    } catch {
      throw new OidcSignInError('sso_state_mismatch', 'invalid flow cookie');
    }
  }

  private discovered(): Promise<client.Configuration> {
    const settings = this.enabled();
    this.configuration ??= client
      .discovery(new URL(settings.issuerUrl), settings.clientId, undefined, settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(), {
        execute: settings.issuerUrl.startsWith('http://') ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.configuration = null;
        throw new OidcSignInError('sso_failed', `discovery: ${String(error)}`);
      });
    return this.configuration;
  }

  private enabled(): OidcSettings {
    if (!this.settings) throw new OidcSignInError('sso_disabled');
    return this.settings;
  }
}

/**
 * A groups claim as a list of names: an array of strings, or one string. Undefined when there is no
 * such claim: a provider not set up to send groups leaves the memberships group sync made (by SCIM) alone.
 */
function groupNames(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return undefined;
  return [...new Set(value.filter((item): item is string => typeof item === 'string' && item.length > 0))];
}
