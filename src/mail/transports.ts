import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import type { MailSettings } from '../config/mail.config.js';

// Sent with nodemailer itself rather than through @nestjs-modules/mailer: the mailer (2.3.7,
// the current release) requires `lodash` at load without declaring it as a dependency
// (nest-modules/mailer#1307, still open), so a clean install cannot load it unless some other
// package happens to hoist lodash; and it installs ~165 optional packages (mjml 5 alpha, pug,
// handlebars, preview-email, ...) for template engines we do not use. What we need from it,
// a transport built from configuration, is one call to nodemailer's createTransport.

/** One message as a transport sends it; built by MailOutboxWorker from an outbox row. */
export interface OutgoingMail {
  /** The outbox row's id. */
  id: number;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The Message-ID header, the same on every attempt so receivers can drop a duplicate. */
  messageId: string;
  /** A one-click unsubscribe URL (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post. */
  listUnsubscribe?: string | null;
}

/** Where mail goes: SMTP when `SMTP_URL` is set, else .eml files under `<DATA_DIR>/outbox/`. */
export abstract class MailTransport {
  /** For logs; never contains credentials. */
  abstract readonly description: string;

  /** Resolves once the message is handed over; rejects with the reason otherwise. */
  abstract deliver(mail: OutgoingMail): Promise<void>;

  /** Resolves when the transport can take mail now (the SMTP server answers); files always can. */
  reachable(): Promise<void> {
    return Promise.resolve();
  }

  close(): void {}
}

/** Bounded so that a mail server that hangs is an error after seconds, not after nodemailer's default 10 minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** The longest one delivery may take; claims last longer, so no other worker takes the row meanwhile. */
export const MAX_DELIVERY_MS = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;

export class SmtpMailTransport extends MailTransport {
  readonly description: string;
  private readonly transporter: ReturnType<typeof createTransport>;

  /** `smtpUrl` as nodemailer reads it: smtp:// or smtps://, credentials and options such as `?pool=true` in the URL. */
  constructor(smtpUrl: string) {
    super();
    this.transporter = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    const url = new URL(smtpUrl);
    this.description = `SMTP ${url.protocol}//${url.host}`;
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(mailOptions(mail));
  }

  /** Connects, greets and logs in, sending nothing. */
  override async reachable(): Promise<void> {
    await this.transporter.verify();
  }

  override close(): void {
    this.transporter.close();
  }
}

/**
 * The embedded default: each message is written, as the complete RFC 822 message an SMTP server
 * would have received, to `<DATA_DIR>/outbox/<timestamp>-<id>.eml` (any mail client opens it).
 * With `logLinks` (never in production) its links are logged too, so that a developer can follow
 * them without opening the file; otherwise only its recipient and Message-ID are.
 */
export class OutboxFileTransport extends MailTransport {
  readonly description: string;
  readonly directory: string;
  private readonly logger = new Logger('Mail');
  private readonly composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    dataDir: string,
    private readonly logLinks = true,
  ) {
    super();
    this.directory = resolve(dataDir, 'outbox');
    this.description = `files in ${this.directory}`;
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    const { message } = await this.composer.sendMail(mailOptions(mail));
    if (!Buffer.isBuffer(message)) throw new Error('Expected the stream transport to build the message as a Buffer');
    const path = join(this.directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
    // Written under a temporary name first, so whoever watches the folder never reads half a message.
    const partial = `${path}.${randomUUID()}.partial`;
    await mkdir(this.directory, { recursive: true });
    try {
      await writeFile(partial, message, { flag: 'wx' });
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    if (!this.logLinks) {
      this.logger.log(`Mail ${mail.id} to ${mail.to} (Message-ID ${mail.messageId}) written to ${path}`);
      return;
    }
    const links = extractLinks(mail.text, mail.html);
    this.logger.log(
      `Mail ${mail.id} to ${mail.to} ${JSON.stringify(mail.subject)} (Message-ID ${mail.messageId}) written to ${path}` +
        links.map((link) => `\n  link: ${link}`).join(''),
    );
  }
}

function mailOptions({ from, to, subject, html, text, messageId, listUnsubscribe }: OutgoingMail) {
  return {
    from,
    to,
    subject,
    html,
    text,
    messageId,
    ...(listUnsubscribe ? { list: { unsubscribe: listUnsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  };
}

export function createMailTransport(settings: MailSettings, dataDir: string): MailTransport {
  return settings.delivery === 'smtp' && settings.smtpUrl
    ? new SmtpMailTransport(settings.smtpUrl)
    : new OutboxFileTransport(dataDir, settings.logLinks);
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/g;
const HREF = /href\s*=\s*"([^"]*)"/gi;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The links a reader can follow: URLs in the text body, then any other href of the HTML body, each once. */
export function extractLinks(text: string, html = ''): string[] {
  const fromText = Array.from(text.matchAll(URL_IN_TEXT), (match) => match[0].replace(/[.,;:!?)\]]+$/, ''));
  const fromHtml = Array.from(html.matchAll(HREF), (match) => match[1].replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]));
  return [...new Set([...fromText, ...fromHtml.filter((href) => /^https?:\/\//i.test(href))])];
}
