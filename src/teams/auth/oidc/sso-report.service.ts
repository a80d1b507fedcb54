import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config/configuration.js';
import { GroupMappingsService } from '../../group-mappings/group-mappings.service.js';
import { ScimTokensService } from '../../scim/scim-tokens.service.js';

/** The deployment's identity setup as an operator checks it (`npm run cli -- sso:show`): never a secret. */
export interface SsoReport {
  /** Null: single sign-on is off (OIDC_ISSUER_URL unset). */
  sso: {
    issuer: string;
    clientId: string;
    /** Whether a client secret is configured; never the secret. */
    clientSecret: 'set' | 'unset (public client, PKCE only)';
    scopes: string;
    groupsClaim: string;
    displayName: string;
    /** What to register at the provider. */
    redirectUri: string;
    postLogoutRedirectUri: string;
  } | null;
  passwordLogin: 'enabled' | 'disabled';
  signup: 'open' | 'invite' | 'closed';
  emailVerification: 'optional' | 'required';
  /** Group → role mappings in all teams, and how many teams have any. */
  groupMappings: { count: number; teams: number };
  /** SCIM tokens not revoked. */
  scimTokens: number;
}

@Injectable()
export class SsoReportService {
  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly mappings: GroupMappingsService,
    private readonly scimTokens: ScimTokensService,
  ) {}

  async report(): Promise<SsoReport> {
    const oidc = this.config.get('oidc', { infer: true });
    const auth = this.config.get('auth', { infer: true });
    const app = this.config.get('app', { infer: true });
    return {
      sso: oidc && {
        issuer: oidc.issuerUrl,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret ? 'set' : 'unset (public client, PKCE only)',
        scopes: oidc.scopes,
        groupsClaim: oidc.groupsClaim,
        displayName: oidc.displayName,
        redirectUri: `${app.publicUrl}/api/auth/oidc/callback`,
        postLogoutRedirectUri: `${app.frontendUrl}/dashboard/login`,
      },
      passwordLogin: auth.passwordLogin ? 'enabled' : 'disabled',
      signup: auth.signup,
      emailVerification: auth.emailVerification,
      groupMappings: await this.mappings.countAll(),
      scimTokens: (await this.scimTokens.list()).filter((token) => token.revokedAt === null).length,
    };
  }
}
