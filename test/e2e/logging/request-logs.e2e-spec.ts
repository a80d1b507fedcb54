import { randomUUID } from 'node:crypto';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { createScratchDatabase, type ServerProcess, startServer } from '../../helpers/server-process.js';
import { mailTo } from '../../helpers/workflows.js';

const REVIEWED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it.';

interface RequestLine {
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

/**
 * The log an operator reads, from the built server's own output: a request's line names its
 * method, path and status, never the secrets or words it carried.
 */
describe('request logs', () => {
  let database: { url: string; drop: () => Promise<void> };
  let smtp: TestSmtpServer;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createScratchDatabase('request_logs');
    smtp = await startSmtpServer();
    // Mail over SMTP: without it the outbox folder's links are logged on purpose, for a newcomer.
    server = await startServer({ env: { DATABASE_URL: database.url, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LOG_LEVEL: 'info' } });
  }, 120_000);

  afterAll(async () => {
    await server?.dispose();
    await smtp?.close();
    await database?.drop();
  });

  const requestLines = (): RequestLine[] =>
    server.logs
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as RequestLine)
      .filter((line) => line.req !== undefined);

  it('never hold approval tokens, notes, passwords, session tokens or cookies', async () => {
    const email = `logs-${randomUUID()}@example.com`;
    const password = `pw-${randomUUID()}`;
    const note = `note-${randomUUID()}`;
    const secrets: string[] = [password, note];

    // Sign up and in: the password travels in JSON bodies, the session in a cookie and a header.
    const registered = await server.json<{ accessToken: string }>('POST', '/api/auth/register', undefined, { email, password, name: 'Logged' });
    const login = await server.fetch('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((header) => header.startsWith('session='))!.split(';')[0];
    const { accessToken } = (await login.json()) as { accessToken: string };
    secrets.push(registered.accessToken, accessToken);
    expect((await server.fetch('/api/auth/me', { headers: { cookie } })).status).toBe(200);
    const withCookie = await server.fetch('/api/teams', { method: 'POST', json: { name: 'By cookie' }, headers: { cookie, origin: `http://localhost:${server.port}` } });
    expect(withCookie.status).toBe(201);
    expect((await server.fetch('/api/auth/me', { token: accessToken })).status).toBe(200);

    // A workflow approved by its mailed link, then a step rejected by its link with a note.
    const { workflowId } = await server.json<{ workflowId: string }>('POST', '/api/workflows', accessToken, { goal: REVIEWED_GOAL });
    const approve = (await mailTo(smtp, email, /^Approve the plan/)).links.find((link) => link.includes('/approve?token='))!;
    expect((await server.fetch(pathOf(approve), { headers: { 'user-agent': BROWSER }, redirect: 'manual' })).status).toBe(302);
    const { runId } = await server.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, accessToken);
    await waitFor(async () => {
      const workflow = await server.json<{ workflowRuns: { id: number; status: string }[] }>('GET', `/api/workflows/${workflowId}`, accessToken);
      return workflow.workflowRuns.some((run) => run.id === runId && run.status === 'awaiting_approval');
    }, 'the run to wait for approval', 20_000);
    const reject = (await mailTo(smtp, email, /^Approve step/)).links.find((link) => link.endsWith('action=reject'))!;
    const rejected = await server.fetch(`${pathOf(reject)}&note=${note}`, { headers: { 'user-agent': BROWSER }, redirect: 'manual' });
    expect(rejected.status).toBe(302);
    secrets.push(tokenOf(approve), tokenOf(reject));
    // A JWT's signature alone is as good as the token: no part of one may show.
    secrets.push(...secrets.filter((secret) => secret.split('.').length === 3).map((jwt) => jwt.split('.')[2]));
    secrets.push(cookie);

    // Each of those requests has its line, with the link's secrets blanked out.
    const lines = await waitFor(() => {
      const found = requestLines();
      return Promise.resolve(found.some((line) => line.req?.url.startsWith('/api/workflows/resume')) ? found : undefined);
    }, 'the request line of the reject link');
    const urls = lines.map((line) => `${line.req?.method} ${line.req?.url} ${line.res?.statusCode}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login 200',
        'GET /api/auth/me 200',
        'POST /api/teams 201',
        `GET /api/workflows/${workflowId}/approve?token=[redacted] 302`,
        'GET /api/workflows/resume?token=[redacted]&action=reject&note=[redacted] 302',
      ]),
    );
    for (const secret of secrets) expect(server.logs).not.toContain(secret);
    // Nor the names of credentials (headers, fields); the start-up lines that name routes and
    // migrations (/api/auth/password, PasswordReset…) name no credential.
    const logged = server.logs
      .split('\n')
      .filter((line) => !line.includes('"context":"RouterExplorer"') && !line.includes('"context":"Migrations"'))
      .join('\n');
    expect(logged).not.toMatch(/cookie|authorization|bearer|password/i);
  }, 90_000);
});

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}
