import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { MailOutboxWorker, retryDelayMs } from '../../src/mail/mail-outbox.worker.js';
import { MailService } from '../../src/mail/mail.service.js';
import { renderEmail } from '../../src/mail/templates.js';
import { parseEml, startSmtpServer, type TestSmtpServer, waitFor } from '../helpers/mail-catcher.js';
import { freePort } from '../helpers/ports.js';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';

interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  message_id: string | null;
  due_in_future: boolean;
}

async function outboxRow(app: INestApplication, id: number): Promise<OutboxRow> {
  const [row] = await app
    .get(DataSource)
    .query(`SELECT *, next_attempt_at > now() AS due_in_future FROM mail_outbox WHERE id = $1`, [id]);
  return row;
}

const waitForRow = (app: INestApplication, id: number, accept: (row: OutboxRow) => boolean) =>
  waitFor(async () => {
    const row = await outboxRow(app, id);
    return accept(row) && row;
  }, `outbox row ${id}`);

const approvalMail = (to: string, subject: string) => ({
  to,
  subject,
  ...renderEmail({
    title: 'Approve the plan',
    intro: 'The plan "Weekly LinkedIn post" is ready for your approval.',
    sections: [{ heading: 'Steps', body: '1. Outline the post\n2. Write the post' }],
    actions: [
      { label: 'Approve', url: 'http://localhost:3000/api/workflows/abc/approve?token=t1&action=approve' },
      { label: 'Reject', url: 'http://localhost:3000/api/workflows/abc/approve?token=t1&action=reject' },
    ],
    footer: 'You get this mail because you own the workflow.',
  }),
});

async function insertDueMails(app: INestApplication, subjects: string[]): Promise<number[]> {
  const rows: { id: number }[] = await app.get(DataSource).query(
    `INSERT INTO mail_outbox (to_address, subject, html, text)
     SELECT 'batch@example.com', subject, '<p>' || subject || '</p>', subject FROM unnest($1::text[]) AS subject
     RETURNING id`,
    [subjects],
  );
  return rows.map((row) => row.id);
}

describe('Mail without SMTP_URL: .eml files in DATA_DIR/outbox', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp();
    await resetDatabase(app);
    app.get(MailOutboxWorker).stopPolling();
  });
  afterAll(() => app.close());

  it('writes the whole message as an .eml file, and marks the row sent', async () => {
    const { id } = await app.get(MailService).send(approvalMail('alice@example.com', 'Approve "Weekly LinkedIn post" – Café'));
    const row = await waitForRow(app, id, (candidate) => candidate.status === 'sent');
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(row.sent_at).toBeInstanceOf(Date);

    const outbox = join(app.get(ConfigService).get('app').dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toEqual([expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-${id}\\.eml$`))]);
    const raw = await readFile(join(outbox, files[0]), 'utf8');
    const mail = parseEml(raw);
    expect(mail.headers.to).toBe('alice@example.com');
    expect(mail.headers.from).toBe('Assistant <assistant@localhost>');
    expect(mail.headers.subject).toBe('Approve "Weekly LinkedIn post" – Café');
    expect(mail.headers['message-id']).toBe(row.message_id);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative;/);
    expect(mail.text).toContain('The plan "Weekly LinkedIn post" is ready for your approval.');
    expect(mail.text).toContain('Approve: http://localhost:3000/api/workflows/abc/approve?token=t1&action=approve');
    expect(mail.text).toContain('Reject: http://localhost:3000/api/workflows/abc/approve?token=t1&action=reject');
    expect(mail.html).toContain('href="http://localhost:3000/api/workflows/abc/approve?token=t1&amp;action=approve"');
  });

  it('does not send a mail twice', async () => {
    expect(await app.get(MailOutboxWorker).deliverDue()).toBe(0);
    expect(await readdir(join(app.get(ConfigService).get('app').dataDir, 'outbox'))).toHaveLength(1);
  });

  it("finds a mail sent once for a job by its Message-ID through the index, not by scanning the outbox", async () => {
    const first = await app.get(MailService).send({ ...approvalMail('once@example.com', 'Once'), onceFor: 'job-index' });
    expect(await app.get(MailService).send({ ...approvalMail('once@example.com', 'Once'), onceFor: 'job-index' })).toEqual(first);
    // The lookup MailService.send makes; with sequential scans priced out, the plan says whether
    // an index serves it (on a small table the planner would scan either way).
    const plan = await app.get(DataSource).transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await manager.query(`EXPLAIN SELECT id FROM mail_outbox WHERE message_id = $1`, ['<job-index@localhost>']);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('mail_outbox_message_id_idx');
  });

  it('refuses anything but one address', async () => {
    await expect(app.get(MailService).send({ ...approvalMail('a@example.com, b@example.com', 'x') })).rejects.toThrow(
      'Not a single email address',
    );
  });
});

describe('Mail over SMTP', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Team Assistant <noreply@assistant.test>' } });
    await resetDatabase(app);
    app.get(MailOutboxWorker).stopPolling();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  it('delivers the mail to the SMTP server and marks the row sent', async () => {
    const { id } = await app.get(MailService).send(approvalMail('bob@example.com', 'Your plan is ready'));
    const row = await waitForRow(app, id, (candidate) => candidate.status === 'sent');
    expect(row).toMatchObject({ attempts: 1, last_error: null });

    expect(smtp.messages).toHaveLength(1);
    const [received] = smtp.messages;
    expect(received.from).toBe('noreply@assistant.test');
    expect(received.to).toEqual(['bob@example.com']);
    const mail = parseEml(received.raw);
    expect(mail.headers.to).toBe('bob@example.com');
    expect(mail.headers.subject).toBe('Your plan is ready');
    expect(mail.headers['message-id']).toBe(row.message_id);
    expect(mail.text).toContain('Approve: http://localhost:3000/api/workflows/abc/approve?token=t1&action=approve');
    expect(mail.html).toContain('<h1');
  });

  it('delivers a batch exactly once when two deliveries run at the same time', async () => {
    const subjects = ['Batch 1', 'Batch 2', 'Batch 3', 'Batch 4', 'Batch 5'];
    const ids = await insertDueMails(app, subjects);
    const worker = app.get(MailOutboxWorker);

    const [first, second] = await Promise.all([worker.deliverDue(), worker.deliverDue()]);

    expect(first + second).toBe(5);
    expect(smtp.messages.map((message) => parseEml(message.raw).headers.subject).sort()).toEqual(subjects);
    const rows: { status: string; attempts: number }[] = await app
      .get(DataSource)
      .query(`SELECT status, attempts FROM mail_outbox WHERE id = ANY($1::int[])`, [ids]);
    expect(rows).toEqual(Array(5).fill({ status: 'sent', attempts: 1 }));
    expect(await worker.deliverDue()).toBe(0);
    expect(smtp.messages).toHaveLength(5);
  });

  it('polls for due mail on a timer', async () => {
    const [id] = await insertDueMails(app, ['Polled']);
    const worker = app.get(MailOutboxWorker);
    worker.startPolling(50);
    try {
      await waitForRow(app, id, (row) => row.status === 'sent');
    } finally {
      worker.stopPolling();
    }
    expect(smtp.messages.map((message) => parseEml(message.raw).headers.subject)).toEqual(['Polled']);
  });
});

describe('Mail while the SMTP server is down', () => {
  let app: INestApplication;
  let port: number;
  let smtp: TestSmtpServer | undefined;

  beforeAll(async () => {
    port = await freePort();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    await resetDatabase(app);
    app.get(MailOutboxWorker).stopPolling();
  });
  afterAll(async () => {
    await app.close();
    await smtp?.close();
  });

  let queuedId: number;

  it('still answers at once, and keeps the mail pending for a retry', async () => {
    const started = Date.now();
    const { id } = await app.get(MailService).send(approvalMail('carol@example.com', 'Sent while down'));
    expect(Date.now() - started).toBeLessThan(1_000);
    queuedId = id;

    const row = await waitForRow(app, id, (candidate) => candidate.last_error !== null);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, due_in_future: true, sent_at: null });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    // The first retry waits retryDelayMs(1), not the claim's lease.
    const [{ delay }] = await app
      .get(DataSource)
      .query(`SELECT extract(epoch FROM next_attempt_at - now()) * 1000 AS delay FROM mail_outbox WHERE id = $1`, [id]);
    expect(Number(delay)).toBeGreaterThan(0);
    expect(Number(delay)).toBeLessThanOrEqual(retryDelayMs(1));
  });

  it('gives a mail up after its last attempt', async () => {
    const [id] = await insertDueMails(app, ['Hopeless']);
    await app.get(DataSource).query(`UPDATE mail_outbox SET attempts = 9 WHERE id = $1`, [id]);
    expect(await app.get(MailOutboxWorker).deliverDue()).toBe(0);
    expect(await outboxRow(app, id)).toMatchObject({ status: 'failed', attempts: 10 });
  });

  it('delivers the mail exactly once when the server is back and the retry is due', async () => {
    smtp = await startSmtpServer(port);
    const worker = app.get(MailOutboxWorker);
    await app.get(DataSource).query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1`, [queuedId]);

    expect(await worker.deliverDue()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(parseEml(smtp.messages[0].raw).headers.subject).toBe('Sent while down');
    expect(await outboxRow(app, queuedId)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });

    expect(await worker.deliverDue()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });
});

describe('renderEmail', () => {
  const hostile = '<script>alert(1)</script>';

  it('escapes every value in the HTML', () => {
    const { html, text } = renderEmail({
      title: `Title ${hostile}`,
      intro: `Intro ${hostile} & "quotes"`,
      sections: [{ heading: `Heading ${hostile}`, body: `Body ${hostile}\n\nSecond <b>paragraph</b>` }],
      actions: [{ label: `Label ${hostile}`, url: `https://example.com/x?q=${hostile}&y="1"` }],
      footer: `Footer ${hostile}`,
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Title &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Intro &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('Second &lt;b&gt;paragraph&lt;/b&gt;');
    expect(html).toMatch(/href="https:\/\/example\.com\/x\?q=%3Cscript%3Ealert\(1\)%3C\/script%3E&amp;y=%221%22"/);
    // The text version is plain text: nothing to escape, everything readable.
    expect(text).toContain(`Title ${hostile}`);
    expect(text).toContain('Label <script>alert(1)</script>: https://example.com/x?q=%3Cscript%3Ealert(1)%3C/script%3E&y=%221%22');
  });

  it('refuses links that are not http(s)', () => {
    const content = { title: 't', intro: 'i', footer: 'f' };
    expect(() => renderEmail({ ...content, actions: [{ label: 'x', url: 'javascript:alert(1)' }] })).toThrow('must be http(s)');
    expect(() => renderEmail({ ...content, actions: [{ label: 'x', url: '/relative' }] })).toThrow('not an absolute URL');
  });
});
