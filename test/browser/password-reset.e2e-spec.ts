import { api } from '../helpers/api.js';
import { DashboardTab, NO_BROWSER, startDashboardServer, type DashboardServer, VIEWPORTS } from '../helpers/browser.js';
import { signUp } from '../helpers/users.js';
import { mailTo } from '../helpers/workflows.js';

/** Both steps of a password reset in the dashboard: from the sign-in page's link to signing in with the new password. */
describe.skipIf(NO_BROWSER)('password reset in a real browser', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
  }, 180_000);

  afterAll(() => server?.close());

  for (const viewport of VIEWPORTS) {
    it(`asks for a link from the sign-in page, sets a new password from the mailed link, then signs in with it (${viewport.name})`, async () => {
      const user = await signUp(server.app, { name: 'Rosa Reset' });
      const tab = await DashboardTab.open(server, viewport);
      const { page } = tab;
      tab.expectFailure(400, /\/api\/auth\/password-reset\/confirm$/);
      await tab.goto('/');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Mail me a link' }).click();
      await page.getByText(/^If this address has an account that signs in with a password, we mailed it a link/).waitFor();
      await tab.screenshot('password-reset-requested');

      const mail = await mailTo(server.smtp, user.email, /^Reset your password$/);
      const link = mail.links.find((candidate) => candidate.startsWith(`${server.baseUrl}/dashboard/reset-password#token=`));
      await page.goto(link!);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password').fill('password123');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await page.getByText(/password is too easy to guess/).waitFor();
      await page.getByLabel('New password').fill('a brand new horse battery');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await page.getByText(`The password of ${user.email} is changed`, { exact: false }).waitFor();
      await tab.screenshot('password-reset-done');
      await tab.assertFitsWidth();

      await api(server.app, user).get('/api/auth/me').expect(401);
      await api(server.app).post('/api/auth/login').send({ email: user.email, password: 'a brand new horse battery' }).expect(200);
      tab.assertClean();
      await tab.close();
    }, 120_000);
  }
});
