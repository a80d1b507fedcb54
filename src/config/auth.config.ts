import { type EnvironmentVariables, InvalidEnvironmentError } from './env.validation.js';

export interface AuthSettings {
  jwtSecret: string;
  approvalTokenSecret: string;
  /** `direct`: a GET of an approval link decides. `confirm`: it shows a page whose button (a POST) decides. */
  approvalLinks: 'direct' | 'confirm';
  sessionTtlSeconds: number;
  /** How long a resolved session may be reused without reading it again (0: never). */
  sessionCacheSeconds: number;
  /** Secure cookies whenever the service is reached over https. */
  secureCookies: boolean;
  /** Lifetime of an API token made without `expiresInDays`, and the longest one may ask for. */
  apiTokenDefaultDays: number;
  apiTokenMaxDays: number;
  /** How long a mailed team invitation can be accepted. */
  invitationTtlSeconds: number;
  /** Days an audit event is kept before the daily retention job deletes it. */
  auditRetentionDays: number;
}

export function authSettings(env: EnvironmentVariables, publicUrl: string): AuthSettings {
  const apiTokenMaxDays = env.API_TOKEN_MAX_DAYS ?? 365;
  if (env.API_TOKEN_DEFAULT_DAYS !== undefined && env.API_TOKEN_DEFAULT_DAYS > apiTokenMaxDays) {
    throw new InvalidEnvironmentError('Invalid configuration:\n- API_TOKEN_DEFAULT_DAYS must not be greater than API_TOKEN_MAX_DAYS');
  }
  return {
    jwtSecret: env.JWT_SECRET,
    approvalTokenSecret: env.APPROVAL_TOKEN_SECRET,
    approvalLinks: env.APPROVAL_LINKS ?? 'direct',
    sessionTtlSeconds: (env.SESSION_TTL_HOURS ?? 24 * 7) * 3600,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS ?? 30,
    secureCookies: publicUrl.startsWith('https://'),
    apiTokenDefaultDays: env.API_TOKEN_DEFAULT_DAYS ?? Math.min(90, apiTokenMaxDays),
    apiTokenMaxDays,
    invitationTtlSeconds: (env.INVITATION_TTL_HOURS ?? 24 * 7) * 3600,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS ?? 365,
  };
}
