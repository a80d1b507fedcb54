import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import type { LoginResponse } from '../../src/teams/auth/auth.response.js';
import { createTestApp, type TestAppOptions } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';
import { BROWSER, startSmtpServer, type TestSmtpServer } from './mail-catcher.js';
import { freePort } from './ports.js';
import { markVerified } from './users.js';

/** Debian's Chromium, installed by .ci/run; Playwright's own browser download is not reachable. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without a browser on a developer's machine browser suites are skipped; CI installs one and never skips. */
export const NO_BROWSER = !existsSync(CHROMIUM) && !process.env.CI;

export const SCREENSHOTS = join('test-artifacts', 'screenshots');

/** The widths the dashboard is tried at: a laptop and a phone. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export const PASSWORD = 'correct horse battery';

/** The service with the built dashboard, listening on a port of its own, mailing an in-process SMTP server. */
export interface DashboardServer {
  app: NestExpressApplication;
  smtp: TestSmtpServer;
  baseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/** `port`: when something must know the address first (an identity provider's redirect URI). */
export async function startDashboardServer(env: Record<string, string> = {}, port?: number, overrides: TestAppOptions['overrides'] = []): Promise<DashboardServer> {
  // Built once for the run by the global setup.
  const dashboardDir = process.env.DASHBOARD_BUILD;
  if (!dashboardDir) throw new Error('DASHBOARD_BUILD is not set (the global setup sets it)');
  port ??= await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const smtp = await startSmtpServer();
  const app = await createTestApp({
    env: { DASHBOARD_DIR: dashboardDir, PUBLIC_URL: baseUrl, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error', ...env },
    overrides,
  });
  await resetDatabase(app);
  await app.listen(port, '127.0.0.1');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    app,
    smtp,
    baseUrl,
    browser,
    async close() {
      await browser.close();
      await app.close();
      await smtp.close();
    },
  };
}

/**
 * A browser tab at one width that records everything that went wrong in it: script errors,
 * console errors, failed requests and error responses. A test lists the 4xx answers it expects
 * with `expectFailure`; `problems` holds the rest, and `assertClean` fails the test on any.
 */
export class DashboardTab {
  readonly problems: string[] = [];
  private readonly expectedFailures: { status: number; url: RegExp }[] = [];

  private constructor(
    readonly page: Page,
    readonly viewport: Viewport,
    private readonly server: Pick<DashboardServer, 'app' | 'baseUrl'>,
  ) {
    page.on('pageerror', (error) => this.problems.push(`script error: ${error.message}`));
    page.on('console', (message) => {
      // Chromium logs every 4xx/5xx fetch as a console error; responses are judged below instead.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) this.problems.push(`console error: ${message.text()}`);
    });
    page.on('requestfailed', (request) => {
      // A stopped stream or a page left mid-request is aborted by the browser on purpose.
      const failure = request.failure()?.errorText ?? 'failed';
      if (failure !== 'net::ERR_ABORTED') this.problems.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
    });
    page.on('response', (response) => {
      const status = response.status();
      if (status < 400) return;
      const url = response.url();
      if (status < 500 && this.expectedFailures.some((expected) => expected.status === status && expected.url.test(url))) return;
      this.problems.push(`${status} ${response.request().method()} ${url}`);
    });
  }

  /** A new browser context (its own cookies) and tab at the viewport's size. */
  static async open(server: DashboardServer, viewport: Viewport): Promise<DashboardTab> {
    const context: BrowserContext = await server.browser.newContext({
      // A desktop browser's user agent: headless Chromium's own names it a bot, and approval links ignore bots.
      userAgent: BROWSER,
      viewport: { width: viewport.width, height: viewport.height },
    });
    return new DashboardTab(await context.newPage(), viewport, server);
  }

  /** An error answer the test provokes on purpose (a 429, a 404 for a deleted thing), so not a problem. */
  expectFailure(status: number, url: RegExp): void {
    this.expectedFailures.push({ status, url });
  }

  /**
   * Registers a new user through the API in this tab's context: its session cookie signs the tab
   * in. The address counts as verified unless `verified: false` (see `signUp` in users.ts).
   */
  async signUp(
    name = 'Browser Tester',
    email = `browser-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    { verified = true } = {},
  ): Promise<LoginResponse & { email: string }> {
    const response = await this.page.request.post(`${this.baseUrl}/api/auth/register`, { data: { name, email, password: PASSWORD } });
    if (response.status() !== 201) throw new Error(`sign-up answered ${response.status()}: ${await response.text()}`);
    const body = (await response.json()) as LoginResponse;
    if (verified) await markVerified(this.server.app, body.user.id);
    return { ...body, email };
  }

  private get baseUrl(): string {
    return this.server.baseUrl;
  }

  /** Opens a dashboard path (`/chat`, `/team`, ...). */
  async goto(path: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/dashboard${path}`);
  }

  /** A full-page screenshot in test-artifacts/screenshots, named by page and width. */
  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: join(SCREENSHOTS, `${name}-${this.viewport.width}.png`), fullPage: true });
  }

  /** Nothing on the page is wider than the window (a phone must never scroll sideways). */
  async assertFitsWidth(): Promise<void> {
    const widths = await this.page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]');
    const [scrollWidth, clientWidth] = widths as [number, number];
    expect(scrollWidth, `page is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(clientWidth);
  }

  /** Fails on any script error, console error, failed request or unexpected error response so far. */
  assertClean(): void {
    expect(this.problems).toEqual([]);
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}

/** What inView reads of an element in the page (the root tsconfig has no DOM types). */
interface ElementInPage {
  getBoundingClientRect(): { top: number; left: number; width: number; height: number };
  contains(other: unknown): boolean;
  ownerDocument: { elementFromPoint(x: number, y: number): unknown; defaultView: { innerWidth: number; innerHeight: number } };
}

/**
 * Whether the element's top line is in view without scrolling anything: inside the window and not
 * clipped by a scrolling ancestor (the browser's own hit test at that point finds the element).
 */
export function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => {
    const element = node as unknown as ElementInPage;
    const box = element.getBoundingClientRect();
    const window = element.ownerDocument.defaultView;
    const x = box.left + Math.min(box.width / 2, 20);
    const y = box.top + Math.min(box.height / 2, 10);
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    return element.contains(element.ownerDocument.elementFromPoint(x, y));
  });
}

/** Waits for the element to show: the page updates on its own (streams, live events). */
export function visible(locator: Locator, timeout = 30_000): Promise<void> {
  return locator.waitFor({ state: 'visible', timeout });
}
