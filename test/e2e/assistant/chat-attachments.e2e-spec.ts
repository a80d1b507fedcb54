import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import { StorageService } from '../../../src/storage/storage.service.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { HttpListener } from '../../helpers/http-listener.js';
import { buildPdf } from '../../helpers/pdf.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const RECEIPT = 'Cafe Lumiere\n2 x Latte 7.00\nCroissant 2.50\nTOTAL EUR 9.50';
const NDA = `# Mutual Non-Disclosure Agreement

This Non-Disclosure Agreement is entered into as of 1 March 2025 by and between Acme Corp., a Delaware corporation ("Company"), and Jane Doe ("Recipient").

1. Confidential Information. "Confidential Information" means any non-public information disclosed by the Company.
2. Obligations. The Recipient shall keep the Confidential Information confidential in perpetuity and use it only to evaluate the partnership.
3. Term. This Agreement shall automatically renew for successive one-year periods unless either party gives 30 days' notice.
4. Remedies. The Recipient shall indemnify and hold harmless the Company from any and all claims arising out of or relating to a breach. A breach triggers liquidated damages of $50,000.
5. Governing Law. This Agreement is governed by the laws of the State of Delaware.`;

type FilePart = Extract<UIMessage['parts'][number], { type: 'file' }>;

function dataFile(mediaType: string, data: Uint8Array | string, filename?: string): FilePart {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
  return { type: 'file', mediaType, ...(filename ? { filename } : {}), url: `data:${mediaType};base64,${bytes.toString('base64')}` };
}

/**
 * File parts: accepted as data: URLs or as links to this service's own stored files of the team
 * (read from storage, never over HTTP), of the allowed media types and within the size caps;
 * anything else is a 400 before anything is stored. The service never fetches a URL: every URL
 * in these tests points at a local listener (PUBLIC_URL included), which must get no request.
 */
describe('chat attachments', () => {
  const listener = new HttpListener();
  let base: string;
  let app: INestApplication;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    base = await listener.start();
    app = await createTestApp({
      env: { RATE_LIMIT_FREE: '1000', PUBLIC_URL: base, CHAT_FILE_MAX_SIZE: '256kb', CHAT_REQUEST_FILES_MAX_SIZE: '400kb' },
    });
    await resetDatabase(app);
    [alice, bob] = [await signUp(app), await signUp(app)];
  });
  // Each test's own requests: none may reach the listener.
  afterEach(() => expect(listener.requests.splice(0)).toEqual([]));
  afterAll(async () => {
    await app?.close();
    await listener.stop();
  });

  const snapshot = async () =>
    app.get(DataSource).query<{ conversations: number; messages: number; assets: number }[]>(
      `SELECT (SELECT count(*)::int FROM conversations) AS conversations, (SELECT count(*)::int FROM messages) AS messages,
              (SELECT count(*)::int FROM assets) AS assets`,
    );

  async function expectRefused(caller: TestUser, parts: UIMessage['parts'], message: RegExp, conversationId?: string): Promise<void> {
    const before = await snapshot();
    const response = await api(app, caller)
      .post('/api/assistant/router')
      .send({ messages: [userMessage('Extract the receipt I attached', parts)], ...(conversationId ? { conversationId } : {}) });
    expectError(response, 400, message);
    expect(await snapshot()).toEqual(before);
  }

  /** An image the image tool made: stored by this service, its link under PUBLIC_URL. */
  async function makeImage(caller: TestUser): Promise<string> {
    const reply = await chat(app, caller, { messages: [userMessage('Make an image of a lighthouse at sunset')] });
    const asset = reply.message.parts.find((part) => part.type === 'data-asset') as { data: { content: string } };
    expect(asset.data.content.startsWith(`${base}/files/images/${caller.teamId}/`)).toBe(true);
    return asset.data.content;
  }

  describe('URLs the service would have to fetch: 400, no request to the listener, nothing stored', () => {
    it.each([
      ['an http URL on the loopback address', (port: string) => `http://127.0.0.1:${port}/receipt.pdf`],
      ['an http URL by host name', (port: string) => `http://localhost:${port}/receipt.pdf`],
      ['an https URL', (port: string) => `https://127.0.0.1:${port}/receipt.pdf`],
      ['a path under PUBLIC_URL that is not a stored file', (port: string) => `http://127.0.0.1:${port}/files/images/receipt.pdf`],
      ['a file: URL', () => 'file:///etc/passwd'],
      ['an ftp: URL', (port: string) => `ftp://127.0.0.1:${port}/receipt.pdf`],
      ['a protocol-relative URL', (port: string) => `//127.0.0.1:${port}/receipt.pdf`],
    ])('%s', async (_name, url) => {
      const port = new URL(base).port;
      await expectRefused(alice, [{ type: 'file', mediaType: 'application/pdf', url: url(port) }], /^messages\[0\]\.parts\[1\]\.url: files are accepted as data: URLs or as links to this service's stored files/);
    });

    it('in an existing conversation too: nothing is appended', async () => {
      const first = await chat(app, alice, { messages: [userMessage('Hello')] });
      await expectRefused(alice, [{ type: 'file', mediaType: 'application/pdf', url: `${base}/receipt.pdf` }], /messages\[0\]\.parts\[1\]\.url/, first.conversationId);
    });

    it("another team's stored file, or a stored file that does not exist: 400 with the same message", async () => {
      const bobsImage = await makeImage(bob);
      const message = /^messages\[0\]\.parts\[1\]\.url: no file of your team is stored at this link$/;
      await expectRefused(alice, [{ type: 'file', mediaType: 'image/png', url: bobsImage }], message);
      const missing = bobsImage.replace(bob.teamId, alice.teamId);
      await expectRefused(alice, [{ type: 'file', mediaType: 'image/png', url: missing }], message);
    });

    it('a text that mentions a URL is only text: nothing fetches it', async () => {
      const reply = await chat(app, alice, { messages: [userMessage(`What do you think of ${base}/internal/report.pdf`)] });
      expect(textOfMessage(reply.message)).toContain(`${base}/internal/report.pdf`);
    });

    it('a file part with a foreign URL stored before these checks is left out of later turns, not fetched', async () => {
      const first = await chat(app, alice, { messages: [userMessage('Hello')] });
      await app.get(DataSource).query(`INSERT INTO messages (conversation_id, message_id, role, parts) VALUES ($1, $2, 'user', $3::jsonb)`, [
        first.conversationId,
        randomUUID(),
        JSON.stringify([{ type: 'file', mediaType: 'application/pdf', url: `${base}/legacy.pdf` }, { type: 'text', text: 'An old upload' }]),
      ]);
      const next = await chat(app, alice, { messages: [userMessage('And now?')], conversationId: first.conversationId });
      expect(next.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
      expect(textOfMessage(next.message)).toContain('You wrote: "And now?"');
    });
  });

  describe('media types and content', () => {
    it.each([
      ['an executable', dataFile('application/x-msdownload', 'MZ\x90\x00')],
      ['SVG (scriptable)', dataFile('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['HTML', dataFile('text/html', '<script>alert(1)</script>')],
      ['no media type', { ...dataFile('application/pdf', buildPdf(['x'])), mediaType: '' }],
    ])('refuses %s: not on the allow-list', async (_name, part) => {
      await expectRefused(alice, [part], /^messages\[0\]\.parts\[1\]\.mediaType: ".*" is not accepted; attach PDF, PNG, JPEG, WebP, GIF, plain text, Markdown or CSV$/);
    });

    it.each([
      ['a data URL of another type than mediaType', { ...dataFile('image/png', PNG), mediaType: 'application/pdf' }, /the data URL's media type \(image\/png\) is not mediaType \(application\/pdf\)/],
      ['a data URL that is not base64', { type: 'file' as const, mediaType: 'text/plain', url: 'data:text/plain,hello' }, /not a base64 data URL/],
      ['broken base64', { type: 'file' as const, mediaType: 'text/plain', url: 'data:text/plain;base64,@@@' }, /not a base64 data URL/],
      ['a PNG that is not a PNG', dataFile('image/png', 'GIF89a not a png'), /the content is not a PNG file/],
      ['a PDF that is not a PDF', dataFile('application/pdf', 'hello'), /the content is not a PDF file/],
      ['a JPEG that is not a JPEG', dataFile('image/jpeg', PNG), /the content is not a JPEG file/],
      ['text that is not UTF-8', dataFile('text/plain', Buffer.from([0x48, 0xff, 0xfe, 0x49])), /the content is not UTF-8 text/],
      ['text with a NUL byte', dataFile('text/plain', 'Total\u00009.50'), /the text holds a NUL byte/],
      ['an empty file', dataFile('text/plain', ''), /the file is empty/],
    ])('refuses %s', async (_name, part, message) => {
      await expectRefused(alice, [part], new RegExp(`^messages\\[0\\]\\.parts\\[1\\]\\.url: ${message.source}`));
    });

    it('takes a media type with parameters or in capitals as the plain type', async () => {
      const reply = await chat(app, alice, { messages: [userMessage('Extract the receipt I attached', [{ ...dataFile('text/plain', RECEIPT), mediaType: 'Text/Plain; charset=utf-8' }])] });
      expect(reply.message.parts.find((part) => part.type === 'data-asset')).toMatchObject({ data: { metadata: { total: 9.5 } } });
    });
  });

  describe('size caps (per file 256 KB, per request 400 KB here)', () => {
    const text = (kb: number) => dataFile('text/plain', `${'a'.repeat(kb * 1024 - 1)}\n`);

    it('refuses a file over the per-file cap', async () => {
      await expectRefused(alice, [text(257)], /^messages\[0\]\.parts\[1\]\.url: the file is 263168 bytes; at most 262144 are accepted per file$/);
    });

    it("refuses files whose sum is over the per-request cap, each under the per-file cap", async () => {
      await expectRefused(alice, [text(250), text(250)], /^messages: the new messages' files add up to 512000 bytes; at most 409600 are accepted per request$/);
    });

    it('counts only new messages: the files of earlier turns that a client resends do not add up', async () => {
      const first = userMessage('Please read the attached notes.', [text(250)]);
      const reply = await chat(app, alice, { messages: [first] });
      const second = userMessage('And these notes too.', [text(250)]);
      await chat(app, alice, { messages: [first, reply.message, second], conversationId: reply.conversationId });
    });
  });

  describe('text attachments are read by the tools', () => {
    it('the receipt tool reads a plain-text receipt', async () => {
      const reply = await chat(app, alice, { messages: [userMessage('Extract the receipt I attached', [dataFile('text/plain', RECEIPT, 'receipt.txt')])] });
      const asset = reply.message.parts.find((part) => part.type === 'data-asset');
      expect(asset).toMatchObject({ data: { type: 'receipt', title: 'Receipt — Cafe Lumiere: EUR 9.50', metadata: { total: 9.5, currency: 'EUR', itemCount: 2 } } });
      // The file is stored as it was sent: the history shows what the user attached.
      const history = await api(app, alice).get(`/api/assistant/history?id=${reply.conversationId}`).expect(200);
      expect(history.body.messages[0].parts[1]).toEqual(dataFile('text/plain', RECEIPT, 'receipt.txt'));
    });

    it('the receipt tool reads a CSV receipt', async () => {
      const csv = 'Cafe Lumiere\nLatte,2,7.00\nCroissant,1,2.50\nTOTAL EUR,,9.50\n';
      const reply = await chat(app, alice, { messages: [userMessage('Extract the receipt I attached', [dataFile('text/csv', csv, 'receipt.csv')])] });
      expect(reply.message.parts.find((part) => part.type === 'data-asset')).toMatchObject({ data: { type: 'receipt', metadata: { total: 9.5, currency: 'EUR' } } });
    });

    it('the legal tool reads a Markdown contract', async () => {
      const reply = await chat(app, alice, { messages: [userMessage('Review the contract I attached', [dataFile('text/markdown', NDA, 'nda.md')])] });
      const asset = reply.message.parts.find((part) => part.type === 'data-asset');
      expect(asset).toMatchObject({ data: { type: 'legal_analysis', title: 'NDA analysis: Acme Corp. and Jane Doe', metadata: { documentType: 'NDA', riskCount: 5, highRisks: 2 } } });
    });

    it('the legal tool reads a contract attached as a PDF', async () => {
      const pdf = buildPdf(NDA.split('\n').filter(Boolean));
      const reply = await chat(app, alice, { messages: [userMessage('Review the contract I attached', [dataFile('application/pdf', Buffer.from(pdf), 'nda.pdf')])] });
      expect(reply.message.parts.find((part) => part.type === 'data-asset')).toMatchObject({ data: { type: 'legal_analysis', metadata: { documentType: 'NDA' } } });
    });
  });

  describe("links to the team's own stored files: read from storage, never over HTTP", () => {
    it('a stored PDF: the receipt tool reads it from storage', async () => {
      const stored = await app.get(StorageService).put(alice.teamId, 'files', buildPdf(RECEIPT.split('\n')), 'application/pdf');
      expect(stored.url.startsWith(`${base}/`)).toBe(true);
      const part: FilePart = { type: 'file', mediaType: 'application/pdf', filename: 'receipt.pdf', url: stored.url };
      const reply = await chat(app, alice, { messages: [userMessage('Extract the receipt I attached', [part])] });
      expect(reply.message.parts.find((p) => p.type === 'data-asset')).toMatchObject({ data: { type: 'receipt', metadata: { total: 9.5 } } });
      // Stored as the link, and read again from storage on a later turn.
      const history = await api(app, alice).get(`/api/assistant/history?id=${reply.conversationId}`).expect(200);
      expect(history.body.messages[0].parts[1]).toEqual(part);
      const next = await chat(app, alice, { messages: [userMessage('Thanks')], conversationId: reply.conversationId });
      expect(next.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
    });

    it('an image the service made for the team', async () => {
      const link = await makeImage(alice);
      const reply = await chat(app, alice, { messages: [userMessage('Thanks, lovely colours', [{ type: 'file', mediaType: 'image/png', url: link }])] });
      expect(reply.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
      expect(reply.message.metadata).toMatchObject({ agentId: 'general' });
    });

    it("refuses a link whose mediaType is not the stored file's", async () => {
      const link = await makeImage(alice);
      await expectRefused(alice, [{ type: 'file', mediaType: 'image/jpeg', url: link }], /^messages\[0\]\.parts\[1\]\.url: the stored file is image\/png, not image\/jpeg$/);
    });
  });
});
