import { invalid, namespace, oneOf, text, type ValuesOf } from './environment.js';

export const MAIL_VARIABLES = namespace('Mail', {
  smtpUrl: text({
    name: 'SMTP_URL',
    pattern: /^smtps?:\/\/\S+$/,
    problem: 'must be an smtp:// or smtps:// URL',
    doc:
      'SMTP relay, e.g. smtp://user:pass@mailpit:1025. Unset: messages are written to DATA_DIR/outbox/ and their links logged (outside ' +
      'production only). Required when NODE_ENV=production, unless MAIL_DELIVERY=outbox.',
  }),
  delivery: oneOf({
    name: 'MAIL_DELIVERY',
    values: ['smtp', 'outbox'],
    doc:
      'smtp | outbox. Default: smtp when SMTP_URL is set, else outbox outside production; production without SMTP_URL refuses to start. ' +
      '`outbox` chooses .eml files under DATA_DIR/outbox on purpose (in production only each mail\'s recipient and Message-ID are logged, never its links).',
  }),
  from: text({ name: 'MAIL_FROM', default: 'Assistant <assistant@localhost>', doc: 'Sender of the mails the service sends.' }),
});

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
export function mailSettings(values: ValuesOf<typeof MAIL_VARIABLES>, production: boolean): MailSettings {
  const delivery = values.delivery ?? (values.smtpUrl || production ? 'smtp' : 'outbox');
  if (delivery === 'smtp' && !values.smtpUrl) {
    const why = values.delivery ? 'MAIL_DELIVERY=smtp' : 'NODE_ENV=production';
    throw invalid(
      `SMTP_URL is required when ${why} (without it no mail reaches anyone); set MAIL_DELIVERY=outbox to keep mail as files in DATA_DIR/outbox on purpose`,
    );
  }
  return {
    smtpUrl: delivery === 'smtp' ? values.smtpUrl : undefined,
    from: values.from,
    delivery,
    logLinks: !production,
  };
}
