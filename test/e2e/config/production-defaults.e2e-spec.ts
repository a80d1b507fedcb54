import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { waitFor } from '../../helpers/mail-catcher.js';
import { createScratchDatabase, type ServerProcess, startServer } from '../../helpers/server-process.js';

/**
 * The built server started as production (#28): it refuses to start with mail nowhere to go, and
 * when mail is kept as files on purpose, neither its links nor credentials in a query reach the log.
 */
describe('production defaults', () => {
  let database: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    database = await createScratchDatabase('production_defaults');
  }, 60_000);
  afterAll(() => database?.drop());

  it('refuses to start without SMTP_URL, naming the variable and the opt-in', async () => {
    const server = await startServer({ env: { DATABASE_URL: database.url, NODE_ENV: 'production', LOG_LEVEL: 'info' }, healthy: false });
    try {
      expect((await server.exited(30_000)).code).toBe(1);
      expect(server.logs).toContain('SMTP_URL is required when NODE_ENV=production');
      expect(server.logs).toContain('MAIL_DELIVERY=outbox');
    } finally {
      await server.dispose();
    }
  }, 60_000);

  describe('with MAIL_DELIVERY=outbox chosen on purpose', () => {
    let server: ServerProcess;

    beforeAll(async () => {
      // The other secrets production requires are given; this test is about mail.
      const secretsEncryptionKey = randomBytes(32).toString('hex');
      server = await startServer({ env: { DATABASE_URL: database.url, NODE_ENV: 'production', MAIL_DELIVERY: 'outbox', SECRETS_ENCRYPTION_KEY: secretsEncryptionKey, LOG_LEVEL: 'info' } });
    }, 120_000);
    afterAll(() => server?.dispose());

    it('logs each mail by recipient and message id, never its links', async () => {
      const email = `prod-${randomUUID()}@example.com`;
      const invitee = `invitee-${randomUUID()}@example.com`;
      const { accessToken, activeTeam } = await server.json<{ accessToken: string; activeTeam: { id: string } }>('POST', '/api/auth/register', undefined, {
        email,
        password: `pw-${randomUUID()}`,
        name: 'Prod',
      });
      // Only a verified account invites: confirm the address as its mailed link would.
      const pg = new Client({ connectionString: database.url });
      await pg.connect();
      try {
        await pg.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
      } finally {
        await pg.end();
      }
      await server.json('POST', `/api/teams/${activeTeam.id}/invitations`, accessToken, { email: invitee, role: 'member' });
      const line = await server.waitForLog(new RegExp(`Mail \\d+ to ${invitee}`));
      expect(line).toMatch(/Message-ID <[^>]+>/);
      const links = await waitFor(() => Promise.resolve(server.outboxLinks(invitee).length > 0 ? server.outboxLinks(invitee) : undefined), 'the mail file');
      for (const link of links) expect(server.logs).not.toContain(link);
      expect(server.logs).not.toMatch(/token=|dashboard\/invitations/);
    }, 60_000);

    it('blanks every credential-shaped query parameter in request logs', async () => {
      const secret = () => `s-${randomUUID()}`;
      const values = Object.fromEntries(
        ['access_token', 'id_token', 'refresh_token', 'code', 'api_key', 'apiKey', 'client_secret', 'X-Amz-Signature', 'sig', 'jwt', 'session', 'key'].map(
          (name) => [name, secret()],
        ),
      );
      const query = Object.entries(values)
        .map(([name, value]) => `${name}=${value}`)
        .join('&');
      await server.fetch(`/api/assets?${query}&limit=5`);
      await server.waitForLog(/"url":"\/api\/assets\?access_token=\[redacted\]/);
      for (const value of Object.values(values)) expect(server.logs).not.toContain(value);
      expect(server.logs).toContain('limit=5');
    }, 30_000);
  });
});
