import { integer, invalid, namespace, oneOf, text, type ValuesOf } from './environment.js';

const SECRET_LENGTH = 32;

export const AUTH_VARIABLES = namespace(
  `Secrets and sessions (secrets: at least ${SECRET_LENGTH} characters each; unset outside production: generated once into DATA_DIR/secrets.json)`,
  {
    jwtSecret: text({ name: 'JWT_SECRET', minLength: SECRET_LENGTH, doc: 'Signs session JWTs and API tokens.' }),
    approvalTokenSecret: text({
      name: 'APPROVAL_TOKEN_SECRET',
      minLength: SECRET_LENGTH,
      doc: 'Signs plan- and step-approval links in emails (kept apart from the session secret), and, through a key derived from it, team invitation links.',
    }),
    approvalLinks: oneOf({
      name: 'APPROVAL_LINKS',
      values: ['direct', 'confirm'],
      default: 'direct',
      doc:
        'What a GET of an approval link does: `direct` (as the spec) approves or rejects at once, except for mail scanners and bots; ' +
        '`confirm` (recommended in production) only shows a page whose button decides, so no scanner or prefetch that opens links can decide anything.',
    }),
    sessionTtlHours: integer({ name: 'SESSION_TTL_HOURS', default: 24 * 7, min: 1, doc: 'Session lifetime in hours (168: one week).' }),
    sessionCacheSeconds: integer({
      name: 'SESSION_CACHE_SECONDS',
      default: 30,
      min: 0,
      max: 300,
      doc:
        'Seconds a resolved session is reused by an instance before it is read again (0: off). Logout, team switches and plan changes reach ' +
        "every instance at once (PostgreSQL NOTIFY); that feed also ends a revoked session's open streams, so each instance listens even with this at 0.",
    }),
    apiTokenDefaultDays: integer({
      name: 'API_TOKEN_DEFAULT_DAYS',
      min: 1,
      max: 3650,
      doc: 'Lifetime in days of an API token made without `expiresInDays` (default 90, or API_TOKEN_MAX_DAYS if lower).',
    }),
    apiTokenMaxDays: integer({ name: 'API_TOKEN_MAX_DAYS', default: 365, min: 1, max: 3650, doc: 'The longest lifetime in days an API token may ask for.' }),
    invitationTtlHours: integer({
      name: 'INVITATION_TTL_HOURS',
      default: 24 * 7,
      min: 1,
      max: 24 * 90,
      doc: 'How long a mailed team invitation can be accepted, in hours (168: one week).',
    }),
    signup: oneOf({
      name: 'SIGNUP',
      values: ['open', 'invite', 'closed'],
      default: 'open',
      doc:
        'Who may register: `open` (anyone), `invite` (only an address with a pending team invitation) or `closed` (nobody; accounts come ' +
        'from an operator or single sign-on). In production with open sign-up, also set EMAIL_VERIFICATION=required.',
    }),
    passwordLogin: oneOf({
      name: 'PASSWORD_LOGIN',
      values: ['enabled', 'disabled'],
      default: 'enabled',
      doc: '`disabled` turns password sign-in and registration off (403; single-sign-on-only deployments).',
    }),
    emailVerification: oneOf({
      name: 'EMAIL_VERIFICATION',
      values: ['optional', 'required'],
      default: 'optional',
      doc:
        '`optional`: an unverified account works in its own team but cannot invite or accept an invitation. `required`: it can do nothing ' +
        'but verify its address (403, code email_unverified), and registration answers alike whether or not the address has an account.',
    }),
    emailVerificationTtlHours: integer({
      name: 'EMAIL_VERIFICATION_TTL_HOURS',
      default: 48,
      min: 1,
      max: 24 * 30,
      doc: 'How long a mailed email verification link works, in hours.',
    }),
    passwordResetTtlMinutes: integer({
      name: 'PASSWORD_RESET_TTL_MINUTES',
      default: 60,
      min: 5,
      max: 24 * 60,
      doc: 'How long a mailed password reset link works, in minutes; it works once.',
    }),
    passwordResetMailIntervalSeconds: integer({
      name: 'PASSWORD_RESET_MAIL_INTERVAL_SECONDS',
      default: 300,
      min: 0,
      max: 24 * 3600,
      doc: 'At most one password reset mail per address in this many seconds, however often it is asked for (the link mailed last keeps working).',
    }),
    auditRetentionDays: integer({
      name: 'AUDIT_RETENTION_DAYS',
      default: 365,
      min: 1,
      max: 36_500,
      doc: 'Days the audit trail keeps an event; a daily job deletes older ones.',
    }),
  },
);

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
  /** Who may register: anyone, only an address with a pending invitation, or nobody (accounts come from an operator or SSO). */
  signup: 'open' | 'invite' | 'closed';
  /** `false`: password sign-in and registration answer 403 (SSO-only deployments). */
  passwordLogin: boolean;
  /** `required`: an account does nothing but verify its address until it has. */
  emailVerification: 'optional' | 'required';
  /** How long a mailed verification link works. */
  emailVerificationTtlSeconds: number;
  /** How long a mailed password reset link works. */
  passwordResetTtlSeconds: number;
  /** At most one password reset mail per address in this interval. */
  passwordResetMailIntervalSeconds: number;
  /** Days an audit event is kept before the daily retention job deletes it. */
  auditRetentionDays: number;
}

export function authSettings(values: ValuesOf<typeof AUTH_VARIABLES>, publicUrl: string): AuthSettings {
  const { jwtSecret, approvalTokenSecret, apiTokenMaxDays } = values;
  // withSecrets (secrets.ts) fills both before this runs, or stops the start in production.
  if (!jwtSecret || !approvalTokenSecret) throw invalid('JWT_SECRET and APPROVAL_TOKEN_SECRET are required');
  if (values.apiTokenDefaultDays !== undefined && values.apiTokenDefaultDays > apiTokenMaxDays) {
    throw invalid('API_TOKEN_DEFAULT_DAYS must not be greater than API_TOKEN_MAX_DAYS');
  }
  return {
    jwtSecret,
    approvalTokenSecret,
    approvalLinks: values.approvalLinks,
    sessionTtlSeconds: values.sessionTtlHours * 3600,
    sessionCacheSeconds: values.sessionCacheSeconds,
    secureCookies: publicUrl.startsWith('https://'),
    apiTokenDefaultDays: values.apiTokenDefaultDays ?? Math.min(90, apiTokenMaxDays),
    apiTokenMaxDays,
    invitationTtlSeconds: values.invitationTtlHours * 3600,
    signup: values.signup,
    passwordLogin: values.passwordLogin === 'enabled',
    emailVerification: values.emailVerification,
    emailVerificationTtlSeconds: values.emailVerificationTtlHours * 3600,
    passwordResetTtlSeconds: values.passwordResetTtlMinutes * 60,
    passwordResetMailIntervalSeconds: values.passwordResetMailIntervalSeconds,
    auditRetentionDays: values.auditRetentionDays,
  };
}
