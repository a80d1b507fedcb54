import { existsSync } from 'node:fs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type Browser, chromium, type Page } from 'playwright-core';
import { api } from '../helpers/api.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/mail-catcher.js';
import { freePort } from '../helpers/ports.js';
import { signUp } from '../helpers/users.js';
import { BROWSER, mailTo } from '../helpers/workflows.js';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without a browser on a developer's machine the suite is skipped; CI installs one and never skips.
describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('the invitation link in a real browser', () => {
  let app: NestExpressApplication;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    const dashboardDir = process.env.DASHBOARD_BUILD;
    if (!dashboardDir) throw new Error('DASHBOARD_BUILD is not set (the global setup sets it)');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { DASHBOARD_DIR: dashboardDir, PUBLIC_URL: baseUrl, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    await app.listen(port, '127.0.0.1');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  /** A fresh browser (no session cookie) on the link mailed to `email`. */
  async function openInvitation(email: string): Promise<Page> {
    const mail = await mailTo(smtp, email, /^Join the team /);
    const link = mail.links.find((candidate) => candidate.includes('/dashboard/invitations#token='));
    expect(link?.startsWith(`${baseUrl}/dashboard/invitations#token=`)).toBe(true);
    const page = await (await browser.newContext({ userAgent: BROWSER })).newPage();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Team invitation' }).waitFor();
    return page;
  }

  it('a newcomer signs up from the link, accepts, and lands in the team', async () => {
    const owner = await signUp(app, { name: 'Ada' });
    const team = (await api(app, owner).post('/api/teams').send({ name: 'Launch crew' }).expect(201)).body as { id: string };
    const email = `newcomer-${Date.now()}@example.com`;
    await api(app, owner).post(`/api/teams/${team.id}/members`).send({ email, role: 'member' }).expect(201);

    const page = await openInvitation(email);
    // Signing up happens on the invitation page, so the link (and its token) stays in the address bar.
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(`You are signed in as ${email}`).waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();

    await page.waitForURL(/\/dashboard\/chat$/);
    expect(await page.getByRole('combobox', { name: 'Active team' }).locator('option:checked').textContent()).toBe('Launch crew');
    const members = (await api(app, owner).get(`/api/teams/${team.id}/members`).expect(200)).body as { email: string; role: string }[];
    expect(members.map((member) => [member.email, member.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'member'],
    ]);
  });

  it('declining needs no account, and adds nobody', async () => {
    const owner = await signUp(app);
    const email = `not-interested-${Date.now()}@example.com`;
    await api(app, owner).post(`/api/teams/${owner.teamId}/members`).send({ email, role: 'admin' }).expect(201);

    const page = await openInvitation(email);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('You declined the invitation. Nothing was changed.').waitFor();
    expect((await api(app, owner).get(`/api/teams/${owner.teamId}/members`).expect(200)).body).toHaveLength(1);
    expect((await api(app, owner).get(`/api/teams/${owner.teamId}/invitations`).expect(200)).body).toEqual([]);
  });
});
