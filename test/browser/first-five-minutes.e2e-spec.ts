import type { Locator } from 'playwright-core';
import { DashboardTab, inView, NO_BROWSER, PASSWORD, startDashboardServer, type DashboardServer, visible, VIEWPORTS } from '../helpers/browser.js';
import { SUGGESTED_PROMPTS } from '../../dashboard/src/chat/suggested-prompts.js';
import { api } from '../helpers/api.js';
import { createWorkflow } from '../helpers/workflows.js';

/** Room a select keeps for its drop-down arrow. */
const ARROW_PX = 24;

/** What showsWholeChoice reads of a <select> in the page. */
interface SelectInPage {
  clientWidth: number;
  selectedOptions: { text: string }[];
  ownerDocument: {
    defaultView: { getComputedStyle(element: unknown): { fontWeight: string; fontSize: string; fontFamily: string; paddingLeft: string; paddingRight: string } };
    createElement(tag: 'canvas'): { getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } };
  };
}

/**
 * What a newcomer meets before signing in (#35 item 5): the page says what the product is, the
 * password rules stand next to the field before anything is typed, and nothing is refused on the
 * way (the app asks GET /api/auth/session, which answers a visitor 200, so no 401 is logged). The sole owner's team page (no
 * leave, no role change the API would refuse) is in dashboard-team.
 */
describe.skipIf(NO_BROWSER)('the first five minutes in a real browser', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
  });

  afterAll(() => server?.close());

  /** Whether a select shows its chosen option whole: the text's width fits inside its box, less padding and arrow. */
  const showsWholeChoice = (select: Locator) =>
    select.evaluate((element, arrow) => {
      // The root tsconfig has no DOM types; this runs in the page, on a <select>.
      const box = element as unknown as SelectInPage;
      const style = box.ownerDocument.defaultView.getComputedStyle(box);
      const context = box.ownerDocument.createElement('canvas').getContext('2d');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(box.selectedOptions[0].text).width;
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
      return text <= room;
    }, ARROW_PX);

  for (const viewport of VIEWPORTS) {
    it(`the sign-in page says what the product is, and signing up shows the password rules before typing (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const page = tab.page;
      await tab.goto('/');
      await visible(page.getByRole('heading', { name: 'Sign in', level: 1 }));
      expect(await page.locator('.auth-product').textContent()).toMatch(/^Assistant: AI agents for your team that write posts/);
      await tab.screenshot('first-sign-in');
      await tab.assertFitsWidth();

      await page.getByRole('button', { name: 'Create an account' }).or(page.getByRole('link', { name: 'Create an account' })).click();
      await visible(page.getByRole('heading', { name: 'Create your account', level: 1 }));
      const password = page.getByLabel('Password');
      expect(await password.inputValue()).toBe('');
      // The rules are the field's description, shown before anything is typed or refused.
      expect(await password.getAttribute('aria-describedby')).toBe('password-rules');
      await visible(page.locator('#password-rules'));
      expect(await page.locator('#password-rules').textContent()).toContain('At least 8 characters and hard to guess');
      await tab.screenshot('first-sign-up');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });

    it(`a new chat on the offline model says it is a demo and how to connect a real one, and shows its model picker's choices whole (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      await tab.signUp();
      await tab.goto('/chat');
      const model = tab.page.getByRole('combobox', { name: /^Model/ });
      // The default's name comes with GET /api/assistant/models.
      await expect.poll(() => model.evaluate((element) => (element as unknown as SelectInPage).selectedOptions[0].text)).toBe('Agent default (offline)');
      expect(await showsWholeChoice(model)).toBe(true);
      expect(await showsWholeChoice(tab.page.getByRole('combobox', { name: /^Agent/ }))).toBe(true);

      // The deployment's default is the offline model (no OPENAI_API_KEY in tests): the chat says it is a demo.
      const banner = tab.page.getByRole('note').filter({ hasText: 'Demo model' });
      expect(await banner.textContent()).toBe(
        'Demo model: set OPENAI_API_KEY — or any OpenAI-compatible server, e.g. a local Ollama — for real writing. How to connect a model',
      );
      await tab.screenshot('first-chat');
      await tab.assertFitsWidth();

      // Its link shows the README's section on connecting a model, inside the app.
      await banner.getByRole('link', { name: 'How to connect a model' }).click();
      await visible(tab.page.getByRole('heading', { name: 'Connect a language model', level: 1 }));
      await visible(tab.page.getByText('OPENAI_BASE_URL=http://localhost:11434/v1 DEFAULT_MODEL=openai:llama3.2 npm start'));
      expect(await tab.page.title()).toBe('Connect a language model · Assistant');
      await tab.screenshot('first-connect-a-model');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });

    it(`an empty chat suggests prompts per agent, and one click makes what it promises (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      await tab.goto('/chat');
      const suggestions = tab.page.getByRole('list', { name: 'Suggested prompts' });
      // The router choosing: one per agent that has any.
      await visible(suggestions);
      expect(await suggestions.getByRole('button').count()).toBe(Object.keys(SUGGESTED_PROMPTS).length);
      // An empty chat opens at its top, not scrolled to its end: the hint and the first suggestion are in view.
      const log = tab.page.getByRole('log', { name: 'Messages' });
      expect(await inView(log.getByText(/^Ask for a LinkedIn post/))).toBe(true);
      expect(await inView(suggestions.getByRole('button').first())).toBe(true);
      await tab.screenshot('first-chat-suggestions');
      await tab.assertFitsWidth();

      // An agent picked: its own.
      await tab.page.getByRole('combobox', { name: /^Agent/ }).selectOption('video');
      expect(await suggestions.getByRole('button').allTextContents()).toEqual(SUGGESTED_PROMPTS.video.map((prompt) => prompt.text));
      const pick = SUGGESTED_PROMPTS.video[1];
      await suggestions.getByRole('button', { name: pick.text }).click();
      // Sent as the first message, and answered with the asset it promises.
      await visible(tab.page.getByRole('log', { name: 'Messages' }).getByText(pick.text));
      await expect
        .poll(async () => ((await api(server.app, { token: login.accessToken }).get('/api/assets').expect(200)).body as { type: string }[]).map((asset) => asset.type), { timeout: 30_000 })
        .toEqual([pick.makes]);
      expect(await suggestions.count()).toBe(0);
      tab.assertClean();
      await tab.close();
    });

    it(`a draft workflow's schedule offers a change, not a pause that would do nothing (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const user = { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id };
      // Not approved: the workflow stays a draft, and its schedule fires only once the plan is approved.
      const created = await createWorkflow(server.app, user, { goal: 'Every Monday, write a LinkedIn post about our week.', schedule: '0 9 * * 1', timezone: 'UTC' });
      await tab.goto(`/workflows/${created.workflowId}`);
      const schedule = tab.page.getByRole('region', { name: 'Schedule' });
      await visible(schedule.getByText('It starts running on this schedule once the plan is approved.'));
      await visible(schedule.getByRole('button', { name: 'Change schedule' }));
      expect(await schedule.getByRole('button', { name: 'Pause schedule' }).count()).toBe(0);
      await tab.screenshot('first-draft-schedule');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });
  }
});
