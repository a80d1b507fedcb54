import { SMTPServer } from 'smtp-server';

/**
 * Polls until `probe` gives a truthy value. The deadline only ends a wait that will never be answered: mail is queued
 * and sent by the app's workers, which a busy two-core CI machine (five test workers) delayed past 10 s in two of four
 * clean-clone runs of session 25, so the wait allows 30 s.
 */
export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString(
    'utf8',
  );

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes header text that needs them. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

/** Enough of RFC 822 + MIME to read what nodemailer writes: headers, multipart/alternative, QP and base64. */
export function parseEml(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const parts: Record<string, string> = {};
  const read = (entity: string): Record<string, string> => {
    const split = entity.indexOf('\r\n\r\n');
    const head = entity.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const body = entity.slice(split + 4);
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), decodeHeader(line.slice(line.indexOf(':') + 1).trim())]),
    );
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      const sections = body.split(`--${boundary}`).slice(1, -1);
      for (const section of sections) read(section.replace(/^\r\n/, '').replace(/\r\n$/, ''));
    } else {
      const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
      const decoded =
        encoding === 'base64'
          ? Buffer.from(body, 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? decodeQuotedPrintable(body)
            : body;
      parts[type.split(';')[0].trim().toLowerCase()] = decoded.replace(/\r\n/g, '\n');
    }
    return headers;
  };
  const headers = read(raw);
  return { headers, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

export interface TestSmtpServer {
  port: number;
  messages: { from: string; to: string[]; raw: string }[];
  close(): Promise<void>;
}

/**
 * A real SMTP server in this process, collecting what it receives. Recipients matching `refuse` are
 * answered 550, as a relay refuses a mailbox, so sending to them fails.
 */
export async function startSmtpServer(port = 0, { refuse }: { refuse?: RegExp } = {}): Promise<TestSmtpServer> {
  const messages: TestSmtpServer['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse?.test(address.address)) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return { port: address.port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The links in a mail's text body. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((match) => match[0]);
}

/** The path and query of a link, to follow it through supertest. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A browser's user agent: approval links ignore bots and link scanners. */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
