import { type EnvironmentVariables, InvalidEnvironmentError } from './env.validation.js';

export interface MailSettings {
  /** SMTP relay; set whenever `delivery` is `smtp`. */
  smtpUrl?: string;
  from: string;
  /** `smtp`: to SMTP_URL. `outbox`: written as .eml files to the outbox folder under DATA_DIR. */
  delivery: 'smtp' | 'outbox';
  /**
   * Whether the outbox folder's transport logs the links of each mail it writes (how a newcomer
   * without a mail server finds them). Never in production: they carry approval and invitation tokens.
   */
  logLinks: boolean;
}

/**
 * Mail goes to SMTP_URL when it is set. Without it, mail is written to files, which outside
 * production is the embedded default; in production that is refused at start unless chosen on
 * purpose with MAIL_DELIVERY=outbox (the mail would reach nobody, and silently).
 */
export function mailSettings(env: EnvironmentVariables): MailSettings {
  const production = env.NODE_ENV === 'production';
  const delivery = env.MAIL_DELIVERY ?? (env.SMTP_URL || production ? 'smtp' : 'outbox');
  if (delivery === 'smtp' && !env.SMTP_URL) {
    const why = env.MAIL_DELIVERY ? 'MAIL_DELIVERY=smtp' : 'NODE_ENV=production';
    throw new InvalidEnvironmentError(
      `Invalid configuration:\n- SMTP_URL is required when ${why} (without it no mail reaches anyone); ` +
        'set MAIL_DELIVERY=outbox to keep mail as files in DATA_DIR/outbox on purpose',
    );
  }
  return {
    smtpUrl: delivery === 'smtp' ? env.SMTP_URL : undefined,
    from: env.MAIL_FROM ?? 'Assistant <assistant@localhost>',
    delivery,
    logLinks: !production,
  };
}
