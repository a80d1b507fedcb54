import { randomUUID } from 'node:crypto';
import { DashboardTab, NO_BROWSER, startDashboardServer, type DashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { TEST_CLIENT, TestOidcProvider } from '../helpers/oidc-provider.js';
import { freePort } from '../helpers/ports.js';

/** Single sign-on in Chromium (#31 item 1): the dashboard's button, the provider's own login and consent pages, back signed in. */
describe.skipIf(NO_BROWSER)('dashboard: single sign-on', () => {
  const provider = new TestOidcProvider();
  let server: DashboardServer;

  beforeAll(async () => {
    const port = await freePort();
    const issuer = await provider.start([`http://127.0.0.1:${port}`]);
    server = await startDashboardServer(
      {
        OIDC_ISSUER_URL: issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.id,
        OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        OIDC_DISPLAY_NAME: 'Test IdP',
        PASSWORD_LOGIN: 'disabled',
      },
      port,
    );
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await provider.stop();
  });

  const [desktop] = VIEWPORTS;

  /** A tab signed out; the provider's development pages ask Google for a font, which the test machine cannot reach. */
  async function signedOutTab(): Promise<DashboardTab> {
    const tab = await DashboardTab.open(server, desktop);
    await tab.page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
    return tab;
  }

  it('signs in through the provider, with no password form when PASSWORD_LOGIN=disabled, and signs out at the provider', async () => {
    provider.setAccount('sso-ada', { email: `sso-ada-${randomUUID()}@example.com`, email_verified: true, name: 'Ada SSO' });
    const tab = await signedOutTab();
    await tab.goto('/workflows');
    const button = tab.page.getByRole('link', { name: 'Sign in with Test IdP' });
    await visible(button);
    expect(await tab.page.getByLabel('Password').count()).toBe(0);
    await tab.screenshot('sso-sign-in');

    await button.click();
    await tab.page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await tab.page.locator('input[name="login"]').fill('sso-ada');
    await tab.page.locator('input[name="password"]').fill('any password');
    await tab.page.getByRole('button', { name: 'Sign-in' }).click();
    await tab.page.getByRole('button', { name: 'Continue' }).click();

    // Back on the page the sign-in started from, signed in.
    await tab.page.waitForURL(`${server.baseUrl}/dashboard/workflows`);
    await visible(tab.page.getByRole('link', { name: 'Ada SSO' }));
    // The page's own reads (its list, the navigation's approval count) end first: one still on its
    // way when the session ends would answer 401.
    await visible(tab.page.getByText('No workflows yet.'));
    await tab.page.waitForLoadState('networkidle');

    await tab.page.getByRole('button', { name: 'Sign out' }).click();
    await tab.page.waitForURL((url) => url.href.startsWith(provider.issuer));
    expect((await tab.page.request.get(`${server.baseUrl}/api/auth/me`)).status()).toBe(401);
    tab.assertClean();
    await tab.close();
  });

  it("shows the refusal's reason on the sign-in page", async () => {
    provider.setAccount('sso-unverified', { email: `sso-unverified-${randomUUID()}@example.com`, email_verified: false });
    const tab = await signedOutTab();
    await tab.goto('/');
    await tab.page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await tab.page.locator('input[name="login"]').fill('sso-unverified');
    await tab.page.locator('input[name="password"]').fill('any password');
    await tab.page.getByRole('button', { name: 'Sign-in' }).click();
    await tab.page.getByRole('button', { name: 'Continue' }).click();
    await tab.page.waitForURL(/\/dashboard\/login\?sso_error=sso_email_unverified$/);
    await visible(tab.page.getByRole('alert').getByText(/has not verified your email address/));
    tab.assertClean();
    await tab.close();
  });
});
