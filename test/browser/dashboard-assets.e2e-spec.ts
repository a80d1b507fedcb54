import { readFile } from 'node:fs/promises';
import type { UIMessage } from 'ai';
import type { Locator } from 'playwright-core';
import type { AssetResponse } from '../../src/assets/asset.response.js';
import type { AssetType } from '../../src/assets/asset-types.js';
import { api, type Caller } from '../helpers/api.js';
import { DashboardTab, type DashboardServer, NO_BROWSER, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { chat, userMessage } from '../helpers/chat.js';
import { pausedRun } from '../helpers/paused-run.js';
import { buildPdf } from '../helpers/pdf.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RECEIPT_PDF = buildPdf(['Cafe Lumiere', '2 x Cappuccino 7.00', 'Croissant 2.50', 'TOTAL EUR 9.50']);
const CONTRACT =
  'Please review this contract: 1. The Supplier shall indemnify the Client against all claims. 2. This agreement renews automatically each year.';

function pdfPart(data: Uint8Array): UIMessage['parts'][number] {
  return { type: 'file', mediaType: 'application/pdf', filename: 'receipt.pdf', url: `data:application/pdf;base64,${Buffer.from(data).toString('base64')}` };
}

describe.skipIf(NO_BROWSER)('dashboard assets: cards, viewer, copy, download, links', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
  }, 180_000);
  afterAll(() => server?.close());

  /** A post, an image, a receipt read from a PDF and a legal analysis, made by chats with the offline model. */
  async function makeAssets(caller: Caller): Promise<Record<'social_post' | 'image' | 'receipt' | 'legal_analysis', AssetResponse>> {
    const turns: [string, UIMessage['parts']][] = [
      ['Write an Instagram post about our new bakery opening', []],
      ['Make an image of a lighthouse at sunset', []],
      ['Extract the receipt I attached', [pdfPart(RECEIPT_PDF)]],
      [CONTRACT, []],
    ];
    for (const [text, parts] of turns) await chat(server.app, caller, { messages: [userMessage(text, parts)] });
    const assets = (await api(server.app, caller).get('/api/assets').expect(200)).body as AssetResponse[];
    const byType = (type: AssetType): AssetResponse => {
      const asset = assets.find((candidate) => candidate.type === type);
      if (!asset) throw new Error(`no ${type} asset was made`);
      return asset;
    };
    return { social_post: byType('social_post'), image: byType('image'), receipt: byType('receipt'), legal_analysis: byType('legal_analysis') };
  }

  /** The text cell's words each sit on one line, and nothing overflows the cell. */
  async function expectUnbroken(cell: Locator): Promise<void> {
    const layout = await cell.evaluate((element) => {
      // The root tsconfig has no DOM types; this runs in the page, on a <td>.
      const td = element as unknown as { scrollWidth: number; clientWidth: number; firstChild: unknown; ownerDocument: { createRange(): { selectNodeContents(node: unknown): void; getClientRects(): { top: number }[] } } };
      const range = td.ownerDocument.createRange();
      range.selectNodeContents(td.firstChild);
      const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return { scrollWidth: td.scrollWidth, clientWidth: td.clientWidth, lines: lineTops.size };
    });
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
    expect(layout.lines).toBe(1);
  }

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px: open, copy, download each kind of asset and go to the conversation or run that made it`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const { page } = tab;
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      const login = await tab.signUp();
      const assets = await makeAssets({ token: login.accessToken });
      // A workflow run's first step makes an outline; the run then waits for a review.
      const run = await pausedRun(server.app, server.smtp, { token: login.accessToken, email: login.email, password: '', userId: login.user.id, teamId: login.activeTeam.id });

      await tab.goto('/assets');
      const gallery = page.locator('.gallery');
      // The chat's assets by their titles: the run made a post too.
      const card = (type: keyof typeof assets): Locator =>
        gallery.locator(`[data-asset-type="${type}"]`, { has: page.getByRole('heading', { name: assets[type].title, exact: true }) });
      const runOutline = gallery.locator('[data-asset-type="post_outline"]');
      await visible(card('legal_analysis'));
      await visible(runOutline);
      // The outline and the post of the run's two steps, and the four made in chats.
      expect(await gallery.locator('article').count()).toBe(6);
      // Images load as they come near the view.
      await card('image').scrollIntoViewIfNeeded();
      await visible(card('image').locator('img'));
      expect(await page.title()).toBe('Assets · Assistant');
      await tab.assertFitsWidth();
      if (viewport.width < 500) {
        // One column on a phone: every card starts at the same x.
        const lefts = await gallery.locator('article').evaluateAll((cards) => cards.map((element) => Math.round((element as unknown as { getBoundingClientRect(): { left: number } }).getBoundingClientRect().left)));
        expect(new Set(lefts).size).toBe(1);
      }
      await tab.screenshot('assets-gallery');

      // The receipt is a table: the item's name on one line, amounts right-aligned, the total set apart.
      const receiptCard = card('receipt');
      await expectUnbroken(receiptCard.getByRole('cell', { name: 'Cappuccino' }));
      // All its columns fit the card: nothing is scrolled out of sight.
      const tableWidths = await receiptCard.locator('.receipt-content .markdown').evaluate((element) => {
        const box = element as unknown as { scrollWidth: number; clientWidth: number };
        return [box.scrollWidth, box.clientWidth];
      });
      expect(tableWidths[0]).toBeLessThanOrEqual(tableWidths[1] ?? 0);
      expect(await receiptCard.getByRole('cell', { name: '7.00' }).first().evaluate((cell) => (cell as unknown as { style: { textAlign: string } }).style.textAlign)).toBe('right');
      await visible(receiptCard.getByRole('cell', { name: /^Total$/ }));

      // Each kind opens in the viewer, a modal dialog named by the asset, closed by Escape with focus back on Open.
      for (const type of ['social_post', 'image', 'receipt', 'legal_analysis'] as const) {
        const open = card(type).getByRole('button', { name: 'Open' });
        await open.click();
        const viewer = page.getByRole('dialog', { name: assets[type].title });
        await visible(viewer);
        if (type === 'receipt') await expectUnbroken(viewer.getByRole('cell', { name: 'Cappuccino' }));
        if (type === 'legal_analysis') {
          for (const section of ['Parties', 'Key clauses', 'Risks', 'Recommendations']) await visible(viewer.getByRole('region', { name: section }));
        }
        if (type === 'image') await visible(viewer.getByRole('img'));
        await tab.assertFitsWidth();
        await tab.screenshot(`assets-viewer-${type.replace('_', '-')}`);
        await page.keyboard.press('Escape');
        await viewer.waitFor({ state: 'detached' });
        expect(await open.evaluate((button) => button === (button as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement)).toBe(true);
      }

      // Copy puts the Markdown on the clipboard: the receipt's tables as they are, the image as a Markdown image.
      const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()');
      await receiptCard.getByRole('button', { name: 'Copy as Markdown' }).click();
      await visible(receiptCard.getByRole('button', { name: 'Copied' }));
      expect(await clipboard()).toBe(assets.receipt.content);
      expect(assets.receipt.content).toContain('| Cappuccino |');
      await card('image').getByRole('button', { name: 'Copy as Markdown' }).click();
      await visible(card('image').getByRole('button', { name: 'Copied' }));
      expect(await clipboard()).toBe(`![A lighthouse at sunset](${assets.image.content})`);

      // Download: a Markdown file for text, PNG bytes for the image, named after the title.
      const download = async (type: keyof typeof assets) => {
        const [file] = await Promise.all([page.waitForEvent('download'), card(type).getByRole('button', { name: 'Download' }).click()]);
        return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
      };
      const legal = await download('legal_analysis');
      expect(legal.name).toBe('contract-analysis.md');
      expect(legal.bytes.toString('utf8')).toBe(assets.legal_analysis.content);
      const receipt = await download('receipt');
      expect(assets.receipt.title).toBe('Receipt — Cafe Lumiere: EUR 9.50');
      expect(receipt.name).toBe('receipt-cafe-lumiere-eur-9-50.md');
      const image = await download('image');
      expect(image.name).toBe('a-lighthouse-at-sunset.png');
      expect([...image.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

      // A run's asset links to the run on its workflow's page.
      const runLink = runOutline.getByRole('link', { name: `Go to run #${run.runId}` });
      await visible(runLink);
      expect(await runLink.getAttribute('href')).toBe(`/dashboard/workflows/${run.workflowId}#run-${run.runId}`);
      await runLink.click();
      await page.waitForURL(`${server.baseUrl}/dashboard/workflows/${run.workflowId}#run-${run.runId}`);
      await page.goBack();

      // A chat's asset links to the conversation that made it.
      await card('social_post').getByRole('link', { name: 'Go to conversation' }).click();
      await page.waitForURL(`${server.baseUrl}/dashboard/chat/${assets.social_post.conversationId}`);
      const postInChat = page.getByRole('article', { name: `Social post: ${assets.social_post.title}` });
      await visible(postInChat);
      expect(await gallery.count()).toBe(0);
      // In its own conversation the card has no link back to it.
      expect(await postInChat.getByRole('link', { name: 'Go to conversation' }).count()).toBe(0);

      tab.assertClean();
      await tab.close();
    }, 60_000);
  }
});
