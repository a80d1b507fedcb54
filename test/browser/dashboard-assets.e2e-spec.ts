import { readFile } from 'node:fs/promises';
import type { UIMessage } from 'ai';
import type { Locator } from 'playwright-core';
import type { AssetResponse } from '../../src/assets/asset.response.js';
import type { AssetType } from '../../src/assets/asset-types.js';
import type { ConversationResponse } from '../../src/conversations/conversations.response.js';
import type { WorkflowDetailResponse } from '../../src/workflows/workflows.response.js';
import { api, type Caller } from '../helpers/api.js';
import { DashboardTab, type DashboardServer, NO_BROWSER, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { chat } from '../helpers/chat.js';
import { pausedRun } from '../helpers/paused-run.js';
import { buildPdf } from '../helpers/pdf.js';
import { userMessage } from '../helpers/ui-messages.js';
import { signUp } from '../helpers/users.js';

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

      // Each kind opens in the viewer, a modal dialog named by the asset at the asset's own URL,
      // closed by Escape (back to the gallery's URL) with focus back on Open.
      for (const type of ['social_post', 'image', 'receipt', 'legal_analysis'] as const) {
        const open = card(type).getByRole('link', { name: 'Open' });
        await open.click();
        await page.waitForURL(`${server.baseUrl}/dashboard/assets/${assets[type].id}`);
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
        await page.waitForURL(`${server.baseUrl}/dashboard/assets`);
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

  /** The text of the option a select shows as chosen (the root tsconfig has no DOM types). */
  function chosenOption(select: Locator): Promise<string> {
    return select.evaluate((element) => (element as unknown as { selectedOptions: { textContent: string }[] }).selectedOptions[0]?.textContent ?? '');
  }

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px: an asset opens at its own URL, and the filters pick a conversation and a run by name, in the URL`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const { page } = tab;
      const login = await tab.signUp();
      const caller = { token: login.accessToken };
      const postChat = await chat(server.app, caller, { messages: [userMessage('Write an Instagram post about our new bakery opening')] });
      await chat(server.app, caller, { messages: [userMessage('Make an image of a lighthouse at sunset')] });
      const run = await pausedRun(server.app, server.smtp, { token: login.accessToken, email: login.email, password: '', userId: login.user.id, teamId: login.activeTeam.id });
      const assets = (await api(server.app, caller).get('/api/assets').expect(200)).body as AssetResponse[];
      const post = assets.find((asset) => asset.conversationId === postChat.conversationId)!;
      const runAssets = assets.filter((asset) => asset.runId === run.runId);
      expect(runAssets).toHaveLength(2);
      const conversations = (await api(server.app, caller).get('/api/assistant/conversations').expect(200)).body as ConversationResponse[];
      const postConversationTitle = conversations.find((conversation) => conversation.id === postChat.conversationId)!.title;
      const workflow = (await api(server.app, caller).get(`/api/workflows/${run.workflowId}`).expect(200)).body as WorkflowDetailResponse;
      // Another team's asset, which this tab's user may not see.
      const stranger = await signUp(server.app);
      await chat(server.app, { token: stranger.token }, { messages: [userMessage('Make an image of a red bicycle')] });
      const [foreign] = (await api(server.app, { token: stranger.token }).get('/api/assets').expect(200)).body as AssetResponse[];

      const gallery = page.locator('.gallery');
      const cardOf = (asset: AssetResponse): Locator => gallery.locator('article', { has: page.getByRole('heading', { name: asset.title, exact: true }) });
      /** Waits until the gallery lists these assets and no other (by title: a run's outline and post may share one). */
      const expectListed = async (expected: AssetResponse[]) => {
        const titles = async () => (await gallery.locator('article h3').allTextContents()).sort();
        await expect.poll(titles, { timeout: 30_000 }).toEqual(expected.map((asset) => asset.title).sort());
      };
      const galleryUrl = (search = '') => `${server.baseUrl}/dashboard/assets${search}`;

      // Open goes to the asset's own URL; a reload opens the same asset; Back closes it.
      await tab.goto('/assets');
      await expectListed([...assets]);
      const open = cardOf(post).getByRole('link', { name: 'Open' });
      expect(await open.getAttribute('href')).toBe(`/dashboard/assets/${post.id}`);
      await open.click();
      await page.waitForURL(galleryUrl(`/${post.id}`));
      const viewer = page.getByRole('dialog', { name: post.title });
      await visible(viewer);
      await page.reload();
      await visible(viewer);
      await tab.assertFitsWidth();
      await tab.screenshot('assets-viewer-own-url');
      await page.goBack();
      await page.waitForURL(galleryUrl());
      await viewer.waitFor({ state: 'detached' });
      await visible(cardOf(post));

      // A pasted link opens the viewer too; Close leaves the gallery behind it.
      await tab.goto(`/assets/${post.id}`);
      await visible(viewer);
      await viewer.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL(galleryUrl());
      await viewer.waitFor({ state: 'detached' });

      // Another team's asset, pasted: the API's 404 shows as "not found", and nothing of it.
      tab.expectFailure(404, new RegExp(`/api/assets/${foreign.id}$`));
      await tab.goto(`/assets/${foreign.id}`);
      const notFound = page.getByRole('dialog', { name: 'Asset not found' });
      await visible(notFound);
      expect(await page.getByText(foreign.title).count()).toBe(0);
      await tab.assertFitsWidth();
      await tab.screenshot('assets-viewer-not-found');
      await page.keyboard.press('Escape');
      await page.waitForURL(galleryUrl());
      await notFound.waitFor({ state: 'detached' });
      // An id that names nothing is not found either, without asking the API.
      await tab.goto('/assets/not-an-id');
      await visible(notFound);

      // A conversation picked by its title: its asset alone, the filter in the URL, kept on reload.
      await tab.goto('/assets');
      const filters = page.getByRole('form', { name: 'Filters' });
      const conversationPicker = filters.getByRole('combobox', { name: /^Conversation/ });
      await conversationPicker.locator('option', { hasText: postConversationTitle }).waitFor({ state: 'attached' });
      // The run's conversation is picked as the run.
      expect(await conversationPicker.locator(`option[value="${run.conversationId}"]`).count()).toBe(0);
      await conversationPicker.selectOption({ label: postConversationTitle });
      await page.waitForURL(galleryUrl(`?conversationId=${postChat.conversationId}`));
      await expectListed([post]);
      await page.reload();
      await expectListed([post]);
      await conversationPicker.locator('option', { hasText: postConversationTitle }).waitFor({ state: 'attached' });
      expect(await chosenOption(conversationPicker)).toBe(postConversationTitle);
      await conversationPicker.selectOption({ label: 'Any conversation' });
      await page.waitForURL(galleryUrl());

      // Words of a title or text: the matching asset alone, the words in the URL.
      const lighthouse = assets.find((asset) => asset.type === 'image' && asset.runId === null)!;
      await filters.getByRole('searchbox', { name: 'Search' }).fill('lighthouse');
      await page.waitForURL(galleryUrl('?q=lighthouse'));
      await expectListed([lighthouse]);
      await filters.getByRole('searchbox', { name: 'Search' }).fill('');
      await page.waitForURL(galleryUrl());

      // A run picked by its workflow's title, then by its name: its assets alone, in the URL, kept on reload.
      const workflowPicker = filters.getByRole('combobox', { name: /^Workflow/ });
      const runPicker = filters.getByRole('combobox', { name: /^Run/ });
      await workflowPicker.locator('option', { hasText: workflow.title }).waitFor({ state: 'attached' });
      await workflowPicker.selectOption({ label: workflow.title });
      const runSearch = `?workflowId=${run.workflowId}&runId=${run.runId}`;
      await page.waitForURL(galleryUrl(runSearch));
      const runOption = runPicker.locator('option', { hasText: new RegExp(`^Run #${run.runId} · `) });
      await runOption.waitFor({ state: 'attached' });
      await runPicker.selectOption({ label: (await runOption.textContent())! });
      await expectListed(runAssets);
      await page.reload();
      await expectListed(runAssets);
      await runOption.waitFor({ state: 'attached' });
      expect(await chosenOption(workflowPicker)).toBe(workflow.title);
      expect(await chosenOption(runPicker)).toMatch(new RegExp(`^Run #${run.runId} · `));
      expect(page.url()).toBe(galleryUrl(runSearch));
      await tab.assertFitsWidth();
      await tab.screenshot('assets-filtered-by-run');
      // An asset opened from the filtered view keeps the filter behind it.
      // The gallery lists newest first, as the API does.
      await gallery.getByRole('link', { name: 'Open' }).first().click();
      await page.waitForURL(galleryUrl(`/${runAssets[0].id}${runSearch}`));
      await page.keyboard.press('Escape');
      await page.waitForURL(galleryUrl(runSearch));

      // In the chat a card opens its viewer in place, and its Open link names the asset's URL.
      await tab.goto(`/chat/${postChat.conversationId}`);
      const postInChat = page.getByRole('article', { name: `Social post: ${post.title}` });
      const openInChat = postInChat.getByRole('link', { name: 'Open' });
      await visible(openInChat);
      expect(await openInChat.getAttribute('href')).toBe(`/dashboard/assets/${post.id}`);
      await openInChat.click();
      await visible(viewer);
      expect(page.url()).toBe(`${server.baseUrl}/dashboard/chat/${postChat.conversationId}`);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });

      tab.assertClean();
      await tab.close();
    }, 180_000);
  }
});
