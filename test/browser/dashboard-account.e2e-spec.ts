import { DashboardTab, NO_BROWSER, PASSWORD, startDashboardServer, type DashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';

const NEW_PASSWORD = 'a brand new passphrase 42';

describe.skipIf(NO_BROWSER)('dashboard: the account page', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
  }, 180_000);

  afterAll(() => server?.close());

  for (const viewport of VIEWPORTS) {
    it(`changes the password from the account page at ${viewport.width} px: other sign-ins end, this one and API tokens stay`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const other = await DashboardTab.open(server, viewport);
      const user = await tab.signUp('Ada Account');
      const login = await other.page.request.post(`${server.baseUrl}/api/auth/login`, { data: { email: user.email, password: PASSWORD } });
      expect(login.status()).toBe(200);
      const created = await tab.page.request.post(`${server.baseUrl}/api/auth/tokens`, { data: { name: 'script' }, headers: { origin: server.baseUrl } });
      expect(created.status(), await created.text()).toBe(201);
      const apiToken = (await created.json()) as { token: string };

      // The name in the top bar leads to the account page.
      await tab.goto('/chat');
      await tab.page.getByRole('link', { name: 'Ada Account' }).click();
      await tab.page.waitForURL(/\/dashboard\/account$/);
      await visible(tab.page.getByText(user.email));
      await expect.poll(() => tab.page.title()).toBe('Account · Assistant');

      const form = {
        current: tab.page.getByLabel('Current password'),
        next: tab.page.getByLabel('New password', { exact: true }),
        repeat: tab.page.getByLabel('Repeat the new password'),
        submit: tab.page.getByRole('button', { name: 'Change password' }),
      };
      // Two different new passwords: said at once, nothing sent.
      await form.current.fill(PASSWORD);
      await form.next.fill(NEW_PASSWORD);
      await form.repeat.fill(`${NEW_PASSWORD}!`);
      await visible(tab.page.getByText('The two new passwords differ.'));
      expect(await form.submit.isDisabled()).toBe(true);

      // A wrong current password: the API's 400, shown beside the form, and nothing changed.
      tab.expectFailure(400, /\/api\/auth\/password$/);
      await form.current.fill('not my password at all');
      await form.repeat.fill(NEW_PASSWORD);
      await form.submit.click();
      await visible(tab.page.getByRole('alert').getByText('currentPassword is not the password of this account'));
      await tab.screenshot('account-refused');

      await form.current.fill(PASSWORD);
      await form.submit.click();
      await visible(tab.page.getByRole('status').getByText(/Password changed/));
      await tab.screenshot('account-changed');
      if (viewport.width < 500) await tab.assertFitsWidth();

      // This tab stays signed in; the other sign-in ends; the token works; the new password signs in, the old one not.
      expect((await tab.page.request.get(`${server.baseUrl}/api/auth/me`)).status()).toBe(200);
      expect((await other.page.request.get(`${server.baseUrl}/api/auth/me`)).status()).toBe(401);
      expect((await fetch(`${server.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${apiToken.token}` } })).status).toBe(200);
      const signIn = (password: string) => fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password }) });
      expect((await signIn(NEW_PASSWORD)).status).toBe(200);
      expect((await signIn(PASSWORD)).status).toBe(401);
      tab.assertClean();
      await tab.close();
      await other.close();
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`turns the daily approvals digest off from the account page at ${viewport.width} px: it stays off after a reload, as the API says`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      await tab.signUp('Dora Digest');
      const digestOf = async () => ((await (await tab.page.request.get(`${server.baseUrl}/api/auth/me`)).json()) as { user: { approvalDigest: boolean } }).user.approvalDigest;
      expect(await digestOf()).toBe(true);

      await tab.goto('/account');
      const toggle = tab.page.getByLabel(/^Daily mail of the approvals waiting for me/);
      await visible(toggle);
      expect(await toggle.isChecked()).toBe(true);
      await toggle.uncheck();
      await expect.poll(digestOf).toBe(false);
      await tab.page.reload();
      await visible(toggle);
      expect(await toggle.isChecked()).toBe(false);
      await tab.screenshot('account-digest-off');
      if (viewport.width < 500) await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });
  }
});
