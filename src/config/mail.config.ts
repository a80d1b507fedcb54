import type { EnvironmentVariables } from './env.validation.js';

export interface MailSettings {
  /** SMTP relay; unset means messages are written to the outbox folder under DATA_DIR. */
  smtpUrl?: string;
  from: string;
}

export function mailSettings(env: EnvironmentVariables): MailSettings {
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? 'Assistant <assistant@localhost>' };
}
