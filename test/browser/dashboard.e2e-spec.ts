import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { startSmtpServer, type TestSmtpServer } from '../helpers/mail-catcher.js';
import { buildPdf } from '../helpers/pdf.js';
import { freePort } from '../helpers/ports.js';
import { BROWSER, mailTo } from '../helpers/workflows.js';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';

/** Debian's Chromium, installed by .ci/run; Playwright's own browser download is not reachable. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = join('test-artifacts', 'screenshots');
const REVIEWED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it.';

// Without a browser on a developer's machine the suite is skipped; CI installs one and never skips.
describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('dashboard in a real browser', () => {
  let app: NestExpressApplication;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // Built once for the run by the global setup.
    const dashboardDir = process.env.DASHBOARD_BUILD;
    if (!dashboardDir) throw new Error('DASHBOARD_BUILD is not set (the global setup sets it)');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    smtp = await startSmtpServer();
    app = await createTestApp({
      env: { DASHBOARD_DIR: dashboardDir, PUBLIC_URL: baseUrl, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' },
    });
    await resetDatabase(app);
    await app.listen(port, '127.0.0.1');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // A desktop browser's user agent: headless Chromium's own names it a bot, and approval links ignore bots.
    page = await browser.newPage({ userAgent: BROWSER, viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Signed-out 401s and the like are expected; a script error or a server error is not.
    page.on('response', (response) => {
      if (response.status() >= 500) pageErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 180_000);

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      await shoot('failure');
      console.error(`Page and server errors: ${pageErrors.join('\n') || 'none'}`);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  const shoot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  it('signs up, chats with a streamed reply and an image, and runs an approved workflow to completion', async () => {
    const email = `browser-${Date.now()}@example.com`;

    // Sign up from the sign-in page.
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Browser Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await shoot('01-sign-up');
    await page.getByRole('button', { name: 'Sign up' }).click();

    // Chat: the reply streams in, with the image asset the tool made, served as a real PNG. The
    // agent picker lists the service's agents; this message goes to the social agent directly.
    await page.locator('option[value="social"]').waitFor({ state: 'attached' });
    await page.getByRole('combobox', { name: /^Agent/ }).selectOption('social');
    await page.getByLabel('Message', { exact: true }).fill('Make an image of a lighthouse at sunset');
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = page.getByRole('article', { name: 'social said' });
    const image = reply.locator('[data-asset-type="image"] img');
    await visible(image);
    await expect
      .poll(() =>
        image.evaluate((element) => {
          // The root tsconfig has no DOM types; this runs in the page, on an <img>.
          const picture = element as unknown as { complete: boolean; naturalWidth: number };
          return picture.complete && picture.naturalWidth > 0;
        }),
      )
      .toBe(true);
    await page.waitForURL(/\/dashboard\/chat\/[0-9a-f-]{36}$/);
    await visible(page.getByRole('complementary', { name: 'Conversations' }).getByRole('link', { name: /lighthouse/ }));
    await shoot('02-chat');

    // A new chat with a receipt attached as a PDF: the finance agent reads it into a receipt asset.
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.waitForURL(/\/dashboard\/chat$/);
    await page.getByRole('combobox', { name: /^Agent/ }).selectOption('finance');
    await page.getByLabel('Attach').setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(buildPdf(['Cafe Lumiere', '2 x Latte 7.00', 'Croissant 2.50', 'TOTAL EUR 9.50'])),
    });
    await page.getByLabel('Message', { exact: true }).fill('Extract the receipt I attached');
    await page.getByRole('button', { name: 'Send' }).click();
    const receipt = page.getByRole('article', { name: 'finance said' }).locator('[data-asset-type="receipt"]');
    await visible(receipt);
    expect(await receipt.textContent()).toContain('Cafe Lumiere');
    await visible(page.getByText('Attached: receipt.pdf'));

    // The gallery shows the same image.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Assets' }).click();
    await visible(page.locator('.gallery [data-asset-type="image"]'));
    await visible(page.locator('.gallery [data-asset-type="receipt"]'));
    expect(await page.locator('.gallery article').count()).toBe(2);
    // Filtered by type, only the image is left.
    await page.getByLabel('Type').selectOption('image');
    await page.locator('.gallery [data-asset-type="receipt"]').waitFor({ state: 'detached' });
    expect(await page.locator('.gallery article').count()).toBe(1);
    await shoot('03-assets');

    // A workflow from a goal: a draft until the link in the plan mail is opened.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Workflows' }).click();
    await page.getByLabel('Goal').fill(REVIEWED_GOAL);
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.waitForURL(/\/dashboard\/workflows\/[0-9a-f-]{36}$/);
    await visible(page.getByText('draft', { exact: true }).first());
    const planMail = await mailTo(smtp, email, /^Approve the plan/);
    await page.goto(planMail.links.find((link) => link.includes('/approve?token='))!);
    await page.waitForURL(/\/dashboard\/workflows\/[0-9a-f-]{36}$/);
    await visible(page.getByText('active', { exact: true }).first());

    // Run it; the page follows the run live and pauses on the step that needs a review.
    await page.getByRole('button', { name: 'Run now' }).click();
    // Runs are named by the API's run id, on the page as in the run's conversation.
    const workflowPath = new URL(page.url()).pathname.replace('/dashboard', '/api');
    const runIds = async () => ((await (await page.request.get(`${baseUrl}${workflowPath}`)).json()) as { workflowRuns: { id: number }[] }).workflowRuns.map((started) => started.id);
    await expect.poll(async () => (await runIds()).length).toBe(1);
    const [runId] = await runIds();
    const run = page.getByRole('article', { name: `Run #${runId}` });
    await visible(run.getByRole('button', { name: 'Approve' }));
    await shoot('04-workflow-awaiting-approval');

    // Rejected from the page with a note: the step is done again with it, and waits again.
    await run.getByRole('button', { name: 'Reject' }).click();
    await page.getByLabel('Note for the agent (optional)').fill('Mention the beta waitlist');
    await run.getByRole('button', { name: 'Send rejection' }).click();
    await expect
      .poll(async () => {
        const workflow = await (await page.request.get(`${baseUrl}${workflowPath}`)).json();
        const [latest] = workflow.workflowRuns;
        if (latest.status !== 'awaiting_approval') return [];
        const history = await (await page.request.get(`${baseUrl}/api/assistant/history?id=${latest.conversationId}`)).json();
        // A step's instruction carries the reviewer's note in one of its text parts.
        return history.messages.map((message: { parts: { type: string; text?: string }[] }) =>
          message.parts.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n'),
        );
      }, { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('Mention the beta waitlist')]));
    await run.getByRole('button', { name: 'Approve' }).click();
    await visible(run.locator('.workflow-run-status').getByText('completed', { exact: true }));
    await shoot('05-workflow-completed');

    // Retried from its reviewed step (after a confirm): a new run reuses step 1 and waits on step 2 again.
    page.once('dialog', (dialog) => void dialog.accept());
    await run.getByLabel('Retry from step').selectOption('2');
    await run.getByRole('button', { name: 'Retry from this step' }).click();
    await expect.poll(async () => (await runIds()).length).toBe(2);
    const [retriedId] = await runIds();
    const retried = page.getByRole('article', { name: `Run #${retriedId}` });
    await visible(retried.getByText('From step 2, reusing the earlier steps'));
    await visible(retried.getByRole('button', { name: 'Approve' }));
    expect(pageErrors).toEqual([]);
  }, 180_000);
});

/** Waits for the element to show: the page updates on its own (streams, live run events). */
function visible(locator: Locator): Promise<void> {
  return locator.waitFor({ state: 'visible', timeout: 30_000 });
}
