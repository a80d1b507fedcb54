import type { Page } from 'playwright-core';
import { DashboardTab, NO_BROWSER, startDashboardServer, type DashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { buildPdf } from '../helpers/pdf.js';
import { mailTo } from '../helpers/workflows.js';

const REVIEWED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it.';

/** The whole journey once, on a laptop: each section's own file tries it at both widths. */
describe.skipIf(NO_BROWSER)('dashboard in a real browser', () => {
  let server: DashboardServer;
  let tab: DashboardTab;
  let page: Page;
  let baseUrl: string;

  beforeAll(async () => {
    server = await startDashboardServer();
    baseUrl = server.baseUrl;
    tab = await DashboardTab.open(server, VIEWPORTS[0]);
    page = tab.page;
  }, 180_000);

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      await tab.screenshot('journey-failure');
      console.error(`Problems in the page: ${tab.problems.join('\n') || 'none'}`);
    }
  });

  afterAll(() => server?.close());

  const shoot = (name: string) => tab.screenshot(`journey-${name}`);
  const smtp = () => server.smtp;

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
    await page.getByRole('button', { name: 'Send', exact: true }).click();
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
    await page.getByRole('button', { name: 'Send', exact: true }).click();
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
    const planMail = await mailTo(smtp(), email, /^Approve the plan/);
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
    await visible(run.getByRole('button', { name: 'Approve', exact: true }));
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
    await run.getByRole('button', { name: 'Approve', exact: true }).click();
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
    await visible(retried.getByRole('button', { name: 'Approve', exact: true }));
    tab.assertClean();
  }, 180_000);
});
