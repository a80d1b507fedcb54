import type { NestExpressApplication } from '@nestjs/platform-express';
import { api } from '../helpers/api.js';
import { DashboardTab, NO_BROWSER, startDashboardServer, type DashboardServer, visible, VIEWPORTS } from '../helpers/browser.js';
import { signUp } from '../helpers/users.js';
import { mailTo } from '../helpers/workflows.js';

describe.skipIf(NO_BROWSER)('the invitation link in a real browser', () => {
  let server: DashboardServer;
  let app: NestExpressApplication;
  let baseUrl: string;

  beforeAll(async () => {
    server = await startDashboardServer();
    app = server.app;
    baseUrl = server.baseUrl;
  }, 180_000);

  afterAll(() => server?.close());

  /** A fresh browser tab (no session cookie) at the viewport's width, on the link mailed to `email`. */
  async function openInvitation(email: string, viewport: (typeof VIEWPORTS)[number]): Promise<DashboardTab> {
    const mail = await mailTo(server.smtp, email, /^Invitation to join the team /);
    const link = mail.links.find((candidate) => candidate.includes('/dashboard/invitations#token='));
    expect(link?.startsWith(`${baseUrl}/dashboard/invitations#token=`)).toBe(true);
    const tab = await DashboardTab.open(server, viewport);
    await tab.page.goto(link!);
    await tab.page.getByRole('heading', { name: 'Team invitation' }).waitFor();
    return tab;
  }

  for (const viewport of VIEWPORTS) {
    it(`a newcomer signs up from the link, accepts, and lands in the team (${viewport.name})`, async () => {
      const owner = await signUp(app, { name: 'Ada' });
      const team = (await api(app, owner).post('/api/teams').send({ name: 'Launch crew' }).expect(201)).body as { id: string };
      const email = `newcomer-${viewport.name}-${Date.now()}@example.com`;
      await api(app, owner).post(`/api/teams/${team.id}/members`).send({ email, role: 'member' }).expect(201);

      const tab = await openInvitation(email, viewport);
      const { page } = tab;
      // The page names what the mail named: who invited which address to which team, as what.
      const summary = page.locator('.invitation-summary');
      await visible(summary);
      expect(await summary.textContent()).toBe(`Ada (${owner.email}) invited ${email} to join the team “Launch crew” with the role Member.`);
      await tab.screenshot('invitation-signed-out');
      if (viewport.width < 500) await tab.assertFitsWidth();
      // Signing up happens on the invitation page, so the link (and its token) stays in the address bar.
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByLabel('Name').fill('Newcomer');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('correct horse battery');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByText(`You are signed in as ${email}`).waitFor();
      // Unverified, the account cannot accept yet: the banner says so, and the service refuses.
      await page.getByRole('region', { name: 'Email verification' }).waitFor();
      tab.expectFailure(403, /\/api\/invitations\/accept$/);
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByText(/^Verify your email address before accepting an invitation/).waitFor();

      // The mailed link opens a page; its button confirms.
      const invitationUrl = page.url();
      const verification = await mailTo(server.smtp, email, /^Confirm your email address$/);
      const verifyLink = verification.links.find((candidate) => candidate.startsWith(`${baseUrl}/dashboard/verify-email#token=`));
      // An earlier link open in this tab first: the mailed one then changes only the fragment (no
      // reload), and its token, not the earlier one's, is what the button sends.
      await page.goto(`${baseUrl}/dashboard/verify-email#token=an-earlier-link`);
      await page.getByRole('button', { name: 'Confirm my address' }).waitFor();
      await page.goto(verifyLink!);
      await page.getByRole('button', { name: 'Confirm my address' }).click();
      await page.getByText(`${email} is confirmed.`).waitFor();
      await page.getByRole('region', { name: 'Email verification' }).waitFor({ state: 'detached' });
      await page.goto(invitationUrl);
      await page.getByRole('button', { name: 'Accept' }).click();

      await page.waitForURL(/\/dashboard\/chat$/);
      await tab.screenshot('invitation-accepted');
      expect(await page.getByRole('combobox', { name: 'Active team' }).locator('option:checked').textContent()).toBe('Launch crew');
      const members = (await api(app, owner).get(`/api/teams/${team.id}/members`).expect(200)).body as { email: string; role: string }[];
      expect(members.map((member) => [member.email, member.role])).toEqual([
        [owner.email, 'owner'],
        [email, 'member'],
      ]);
      if (viewport.width < 500) await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });

    it(`signed in with another address, the page says whom the invitation is for and offers no Accept (${viewport.name})`, async () => {
      const owner = await signUp(app, { name: 'Grace' });
      const email = `invited-${viewport.name}-${Date.now()}@example.com`;
      await api(app, owner).post(`/api/teams/${owner.teamId}/members`).send({ email, role: 'viewer' }).expect(201);
      const mail = await mailTo(server.smtp, email, /^Invitation to join the team /);
      const tab = await DashboardTab.open(server, viewport);
      const other = await tab.signUp('Someone Else');
      await tab.page.goto(mail.links.find((candidate) => candidate.includes('/dashboard/invitations#token='))!);

      const note = tab.page.getByRole('note').filter({ hasText: 'this invitation was sent to' });
      await visible(note);
      expect(await note.textContent()).toBe(
        `You are signed in as ${other.email}, but this invitation was sent to ${email}: sign out and sign in with that address to accept it.`,
      );
      expect(await tab.page.locator('.invitation-summary').textContent()).toBe(`Grace (${owner.email}) invited ${email} to join the team “Grace's team” with the role Viewer.`);
      expect(await tab.page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
      await visible(tab.page.getByRole('button', { name: 'Sign out' }).last());
      await tab.screenshot('invitation-other-address');
      if (viewport.width < 500) await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });

    it(`declining needs no account, and adds nobody (${viewport.name})`, async () => {
      const owner = await signUp(app);
      const email = `not-interested-${viewport.name}-${Date.now()}@example.com`;
      await api(app, owner).post(`/api/teams/${owner.teamId}/members`).send({ email, role: 'admin' }).expect(201);

      const tab = await openInvitation(email, viewport);
      const { page } = tab;
      await page.getByRole('button', { name: 'Decline' }).click();
      await page.getByText('You declined the invitation. Nothing was changed.').waitFor();
      await tab.screenshot('invitation-declined');
      expect((await api(app, owner).get(`/api/teams/${owner.teamId}/members`).expect(200)).body).toHaveLength(1);
      expect((await api(app, owner).get(`/api/teams/${owner.teamId}/invitations`).expect(200)).body).toEqual([]);
      if (viewport.width < 500) await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });
  }
});
