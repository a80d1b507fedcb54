import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { CHROMIUM, NO_BROWSER } from '../helpers/browser.js';
import { BROWSER } from '../helpers/mail-catcher.js';
import { freePort } from '../helpers/ports.js';
import { signUp, type TestUser } from '../helpers/users.js';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';

/** Debian's Chromium, installed by .ci/run; Playwright's own browser download is not reachable. */

/** A write as the API server saw it: what the browser sent along and what it answered. */
interface SeenRequest {
  url: string;
  status: number;
  cookie: string;
  origin: string;
}

/**
 * The attack as found: a page on another port of the same host (so the same site, and the
 * SameSite=Lax session cookie goes along) posts to the API while the victim is signed in.
 */
describe.skipIf(NO_BROWSER)('cross-site requests in a real browser', () => {
  let app: NestExpressApplication;
  let attackerSite: Server;
  let browser: Browser;
  let page: Page;
  let apiBase: string;
  let attackerBase: string;
  let victim: TestUser;
  let attacker: TestUser;
  const seen: SeenRequest[] = [];

  beforeAll(async () => {
    const dashboardDir = process.env.DASHBOARD_BUILD;
    if (!dashboardDir) throw new Error('DASHBOARD_BUILD is not set (the global setup sets it)');
    const [apiPort, attackerPort] = [await freePort(), await freePort()];
    apiBase = `http://127.0.0.1:${apiPort}`;
    attackerBase = `http://127.0.0.1:${attackerPort}`;
    app = await createTestApp({ env: { DASHBOARD_DIR: dashboardDir, PUBLIC_URL: apiBase, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    // Every write that reaches the API, as the server saw it: the browser hides the answers to
    // no-cors fetches from the page and from the test, but not from the server.
    app.getHttpServer().prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      if (request.method !== 'POST') return;
      const { cookie = '', origin = '' } = request.headers;
      response.once('finish', () => seen.push({ url: request.url ?? '', status: response.statusCode, cookie, origin }));
    });
    await app.listen(apiPort, '127.0.0.1');
    [victim, attacker] = [await signUp(app, { name: 'Victim' }), await signUp(app, { name: 'Attacker' })];

    attackerSite = createServer((request, response) => {
      const attack = request.url === '/sign-in.html' ? signInAsAttacker() : takeOverTeam();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attack);
    });
    await new Promise<void>((resolve) => attackerSite.listen(attackerPort, '127.0.0.1', resolve));

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ userAgent: BROWSER });
    // Every write that reaches the API, with the cookie the browser attached and the answer.

  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => attackerSite?.close(resolve));
    await app?.close();
  });

  /** Adds the attacker to the victim's team as an admin and makes teams, by form and by fetch. */
  function takeOverTeam(): string {
    const members = `${apiBase}/api/teams/${victim.teamId}/members`;
    return html(`
      <form id="add-member" method="post" action="${members}">
        <input name="email" value="${attacker.email}"><input name="role" value="admin">
      </form>
      <script>
        const teams = '${apiBase}/api/teams';
        Promise.allSettled([
          fetch(teams, { method: 'POST', mode: 'no-cors', credentials: 'include', body: new URLSearchParams({ name: 'Planted by form fetch' }) }),
          fetch(teams, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ name: 'Planted by text fetch' }) }),
        ]).then(() => document.getElementById('add-member').submit());
      </script>`);
  }

  /** Signs the victim's browser into the attacker's account (login CSRF). */
  function signInAsAttacker(): string {
    return html(`
      <form id="sign-in" method="post" action="${apiBase}/api/auth/login">
        <input name="email" value="${attacker.email}"><input name="password" value="${attacker.password}">
      </form>
      <script>document.getElementById('sign-in').submit();</script>`);
  }

  function html(body: string): string {
    return `<!doctype html><html><head><title>You won a prize</title></head><body>${body}</body></html>`;
  }

  async function count(sql: string, parameters: unknown[]): Promise<number> {
    const [{ count: total }] = await app.get(DataSource).query<{ count: number }[]>(`SELECT count(*)::int AS count FROM (${sql}) AS rows`, parameters);
    return total;
  }

  async function signedInAs(): Promise<string> {
    const me = await page.request.get(`${apiBase}/api/auth/me`);
    expect(me.status()).toBe(200);
    return ((await me.json()) as { user: { email: string } }).user.email;
  }

  it('refuses a form post and fetches with credentials from another origin while the victim is signed in: nothing changes', async () => {
    // The victim signs in on the dashboard: the browser now holds the session cookie.
    await page.goto(`${apiBase}/dashboard`);
    await page.getByLabel('Email').fill(victim.email);
    await page.getByLabel('Password').fill(victim.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor({ state: 'visible' });
    expect((await page.context().cookies(apiBase)).map((cookie) => cookie.name)).toContain('session');

    // The dashboard itself still writes with that cookie.
    const own = await page.evaluate(async () => {
      const response = await fetch('/api/teams', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Made on the dashboard' }) });
      return response.status;
    });
    expect(own).toBe(201);
    seen.length = 0;

    // The victim opens the attacker's page: two fetches, then the form posts itself.
    await page.goto(`${attackerBase}/prize.html`);
    await page.waitForURL(`${apiBase}/api/teams/${victim.teamId}/members`);
    expect(JSON.parse((await page.textContent('body')) ?? '')).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
      message: expect.stringMatching(/^Cross-site request refused/),
    });
    await expect.poll(() => seen.length).toBe(3);
    // The browser did attach the victim's cookie to each of them: only the service refused.
    for (const request of seen) {
      expect(request.cookie, request.url).toContain('session=');
      expect({ url: request.url, origin: request.origin, status: request.status }).toEqual({ url: request.url, origin: attackerBase, status: 403 });
    }
    expect(await count(`SELECT 1 FROM memberships WHERE team_id = $1`, [victim.teamId])).toBe(1);
    expect(await count(`SELECT 1 FROM memberships WHERE user_id = $1`, [attacker.userId])).toBe(1);
    expect(await count(`SELECT 1 FROM teams WHERE name LIKE 'Planted%'`, [])).toBe(0);

    // Login CSRF: a page posting the attacker's credentials does not switch the victim's session.
    seen.length = 0;
    await page.goto(`${attackerBase}/sign-in.html`);
    await page.waitForURL(`${apiBase}/api/auth/login`);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toMatchObject({ url: '/api/auth/login', origin: attackerBase, status: 403 });
    expect(await signedInAs()).toBe(victim.email);
    expect(await count(`SELECT 1 FROM sessions WHERE user_id = $1`, [attacker.userId])).toBe(1);
  }, 120_000);
});
