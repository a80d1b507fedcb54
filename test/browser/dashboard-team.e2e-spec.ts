import type { Locator } from 'playwright-core';
import type { TeamBudgetResponse } from '../../src/usage/budget.response.js';
import { UsageLedger } from '../../src/usage/usage-ledger.service.js';
import type { UsageReportResponse } from '../../src/usage/usage.response.js';
import type { InvitationResponse } from '../../src/teams/invitations/invitations.response.js';
import type { MemberResponse, TeamResponse } from '../../src/teams/teams.response.js';
import type { MeResponse } from '../../src/teams/auth/auth.response.js';
import { userMessage } from '../helpers/ui-messages.js';
import { spendOnRealModel } from '../helpers/usage.js';
import { api, type Caller } from '../helpers/api.js';
import { DashboardTab, type DashboardServer, NO_BROWSER, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { chat } from '../helpers/chat.js';
import { waitFor } from '../helpers/mail-catcher.js';
import { joinTeam } from '../helpers/teams.js';
import { signUp } from '../helpers/users.js';
import { mailTo } from '../helpers/workflows.js';

/** The free plan's monthly tokens here, so that the budget has a limit to draw against. */
const PLAN_MONTHLY_TOKENS = 5_000_000;

describe.skipIf(NO_BROWSER)('team settings in a real browser', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer({ MONTHLY_TOKENS_FREE: String(PLAN_MONTHLY_TOKENS) });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  const members = async (caller: Caller, teamId: string) =>
    ((await api(server.app, caller).get(`/api/teams/${teamId}/members`).expect(200)).body as MemberResponse[]).map((member) => [member.email, member.role]);

  /** Accepts the browser's confirm() that the next click opens. */
  async function clickConfirmed(tab: DashboardTab, button: Locator): Promise<void> {
    tab.page.once('dialog', (dialog) => void dialog.accept());
    await button.click();
  }

  for (const viewport of VIEWPORTS) {
    // A long walk through every section of the page (about 25 s on a quiet machine): 90 s, not the default 30, so a busy one does not fail it.
    it(`an owner manages members, invitations and API tokens, and reads plan, budget and usage (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      await tab.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const signedUp = await tab.signUp('Olive Owner');
      const owner = { token: signedUp.accessToken };
      const teamId = signedUp.activeTeam.id;
      const bob = await signUp(server.app, { name: 'Bob Builder' });
      const carol = await signUp(server.app, { name: 'Carol Leaving' });
      await joinTeam(server.app, owner, teamId, bob);
      await joinTeam(server.app, owner, teamId, carol);
      // Real usage to chart: chat turns on the offline model; the ledger writes them now rather than within the second.
      await chat(server.app, owner, { messages: [userMessage('Write a short welcome note for the team')] });
      await chat(server.app, owner, { messages: [userMessage('Suggest three names for a newsletter')] });
      // And an image: the offline model renders one, and usage counts it (#35: "Images 0" after two images).
      await chat(server.app, owner, { agentId: 'social', messages: [userMessage('Make an image of a red bicycle')] });
      // chat() returns once each conversation's title is written: its call is in the ledger too.
      await server.app.get(UsageLedger).flush();
      const usage = (await api(server.app, owner).get('/api/usage?groupBy=model').expect(200)).body as UsageReportResponse;
      expect(usage.totals.calls).toBeGreaterThanOrEqual(2);
      expect(usage.totals.images).toBe(1);

      await tab.goto('/team');
      await visible(tab.page.getByRole('heading', { name: 'Team settings', level: 1 }));
      expect(await tab.page.title()).toBe('Team settings · Assistant');
      expect(await tab.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Team' }).getAttribute('aria-current')).toBe('page');

      // Invite: the mail arrives with the link, the invitation is listed as pending.
      const invitee = `invitee-${viewport.name}-${Date.now()}@example.com`;
      const inviteForm = tab.page.getByRole('form', { name: 'Invite a member' });
      await inviteForm.getByLabel('Email').fill(invitee);
      await inviteForm.getByLabel('Role').selectOption('admin');
      await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
      await visible(tab.page.getByText(`Invitation mailed to ${invitee}.`));
      const mail = await mailTo(server.smtp, invitee, /^Invitation to join the team /);
      expect(mail.links.some((link) => link.startsWith(`${server.baseUrl}/dashboard/invitations#token=`))).toBe(true);
      const pending = tab.page.getByRole('list', { name: 'Pending invitations' });
      await visible(pending.getByText(invitee));

      // An error from the API is shown next to the action: Bob is a member already.
      tab.expectFailure(409, /\/members$/);
      await inviteForm.getByLabel('Email').fill(bob.email);
      await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
      await visible(inviteForm.getByRole('alert').getByText('This user is already a member of the team'));

      // Change a role: anyone's but the only owner's own (a team keeps an owner).
      await visible(tab.page.getByRole('combobox', { name: `Role of ${bob.email}` }));
      expect(await tab.page.getByRole('combobox', { name: `Role of ${signedUp.email}` }).count()).toBe(0);
      await tab.page.getByRole('combobox', { name: `Role of ${bob.email}` }).selectOption('admin');
      await waitFor(async () => (await members(owner, teamId)).some(([email, role]) => email === bob.email && role === 'admin'), 'Bob made admin');

      // Revoke the invitation: it is gone from the page and from the API.
      await clickConfirmed(tab, tab.page.getByRole('button', { name: `Revoke the invitation to ${invitee}` }));
      await visible(tab.page.getByText('No pending invitations.'));
      expect((await api(server.app, owner).get(`/api/teams/${teamId}/invitations`).expect(200)).body as InvitationResponse[]).toEqual([]);

      // Remove Carol.
      await clickConfirmed(tab, tab.page.getByRole('button', { name: `Remove ${carol.email}` }));
      await tab.page.getByRole('button', { name: `Remove ${carol.email}` }).waitFor({ state: 'detached' });
      expect(await members(owner, teamId)).toEqual([
        [signedUp.email, 'owner'],
        [bob.email, 'admin'],
      ]);

      // An API token: shown once, copied, working as a Bearer token, then revoked.
      const tokenForm = tab.page.getByRole('form', { name: 'Create an API token' });
      await tokenForm.getByLabel('Token name').fill('Deploy script');
      await tokenForm.getByLabel('Expires in (days)').fill('30');
      await tokenForm.getByRole('button', { name: 'Create token' }).click();
      const created = tab.page.getByRole('region', { name: 'New API token' });
      await visible(created.getByText('you will not see it again'));
      const secret = await created.getByLabel('Token secret').inputValue();
      expect(secret.length).toBeGreaterThan(20);
      await tab.screenshot('team-token-created');
      await created.getByRole('button', { name: 'Copy token' }).click();
      await visible(created.getByRole('status').getByText('Copied'));
      expect(await tab.page.evaluate('navigator.clipboard.readText()')).toBe(secret);
      const meWithToken = () => fetch(`${server.baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${secret}` } });
      const me = await meWithToken();
      expect(me.status).toBe(200);
      expect(((await me.json()) as MeResponse).user.email).toBe(signedUp.email);
      await created.getByRole('button', { name: 'I have copied it' }).click();
      await expect.poll(() => created.count()).toBe(0);
      const tokens = tab.page.getByRole('list', { name: 'API tokens' });
      await visible(tokens.getByText('Deploy script'));
      await clickConfirmed(tab, tokens.getByRole('button', { name: 'Revoke the token Deploy script' }));
      await visible(tab.page.getByText('No API tokens.'));
      expect((await meWithToken()).status).toBe(401);

      // The plan and its limits, as the API states them.
      const limits = tab.page.getByRole('definition');
      await visible(tab.page.getByText('Chat requests'));
      expect(await limits.allTextContents()).toContain((5_000_000).toLocaleString('en-US'));

      // The budget: used against the limit as a bar; the owner sets the team's own limit, and the API's refusal shows.
      // The offline model's calls spend none: the team spent some on a real provider's model.
      await spendOnRealModel(server.app, { teamId, userId: signedUp.user.id }, 1000);
      const budget = (await api(server.app, owner).get(`/api/teams/${teamId}/budget`).expect(200)).body as TeamBudgetResponse;
      expect(budget.used).toBeGreaterThan(0);
      const bar = tab.page.getByRole('progressbar', { name: 'Tokens used this month' });
      expect(await bar.getAttribute('aria-valuemax')).toBe(String(PLAN_MONTHLY_TOKENS));
      const budgetForm = tab.page.getByRole('form', { name: 'Set the monthly token budget' });
      tab.expectFailure(400, /\/budget$/);
      await budgetForm.getByLabel('Team limit (tokens per month)').fill(String(PLAN_MONTHLY_TOKENS + 1));
      await budgetForm.getByRole('button', { name: 'Save budget' }).click();
      await visible(budgetForm.getByRole('alert'));
      await budgetForm.getByLabel('Team limit (tokens per month)').fill('100000');
      await budgetForm.getByRole('button', { name: 'Save budget' }).click();
      await expect.poll(() => bar.getAttribute('aria-valuemax')).toBe('100000');
      expect(((await api(server.app, owner).get(`/api/teams/${teamId}/budget`).expect(200)).body as TeamBudgetResponse).teamMonthlyTokens).toBe(100_000);

      // The audit trail: filtered to budget changes, the one just made, with its export links.
      const auditFilter = tab.page.getByRole('form', { name: 'Filter the audit trail' });
      await auditFilter.getByLabel('Action').fill('budget.');
      await auditFilter.getByRole('button', { name: 'Filter' }).click();
      const auditEvents = tab.page.getByRole('list', { name: 'Audit events' });
      await expect.poll(() => auditEvents.textContent()).toContain('budget.changed');
      expect(await auditEvents.textContent()).toContain('"after":100000');
      expect(await tab.page.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(`/api/teams/${teamId}/audit/export?format=csv`);

      // Usage by day and by model, drawn from the chat turns above.
      const total = usage.totals.inputTokens + usage.totals.outputTokens;
      const dayChart = tab.page.getByRole('img', { name: /^Tokens per day from / });
      expect(await dayChart.getAttribute('aria-label')).toContain(`${total.toLocaleString('en-US')} in all`);
      expect(await dayChart.locator('rect').count()).toBe(30);
      const byModel = tab.page.getByRole('list', { name: 'Tokens per model' });
      expect(await byModel.textContent()).toContain(`offline ${total.toLocaleString('en-US')} tokens`);
      const summary = tab.page.getByRole('region', { name: /^Usage, last/ }).getByText('Everyone in the team', { exact: false });
      await expect.poll(() => summary.textContent()).toMatch(/ model calls and 1 image\.$/);
      await tab.page.getByText('Usage by model as a table').click();
      const modelTable = tab.page.getByRole('table', { name: 'Usage by model' });
      await visible(modelTable.getByRole('rowheader', { name: 'offline' }));
      expect(await modelTable.getByRole('columnheader').allTextContents()).toContain('Images');
      // Input, output, calls, images (then the cost: the offline model is free).
      expect((await modelTable.getByRole('row', { name: /^offline / }).getByRole('cell').allTextContents()).slice(0, 4)).toEqual([
        usage.totals.inputTokens.toLocaleString('en-US'),
        usage.totals.outputTokens.toLocaleString('en-US'),
        usage.totals.calls.toLocaleString('en-US'),
        '1',
      ]);
      // By member, named; by workflow, the chat turns outside any workflow.
      const byMember = tab.page.getByRole('list', { name: 'Tokens per member' });
      await expect.poll(() => byMember.textContent()).toContain(`Olive Owner ${total.toLocaleString('en-US')} tokens`);
      expect(await tab.page.getByRole('list', { name: 'Tokens per workflow' }).textContent()).toContain(`chat ${total.toLocaleString('en-US')} tokens`);

      await tab.screenshot('team-owner');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    }, 90_000);

    it(`a member sees no admin actions, and leaving the team moves the session to another (${viewport.name})`, async () => {
      const owner = await signUp(server.app, { name: 'Olive Owner' });
      const team = (await api(server.app, owner).post('/api/teams').send({ name: 'The team with a rather long name for a phone' }).expect(201)).body as TeamResponse;
      const tab = await DashboardTab.open(server, viewport);
      const signedUp = await tab.signUp('Maximiliane Featherstonehaugh-Bartholomew');
      const member = { token: signedUp.accessToken, email: signedUp.email, userId: signedUp.user.id, password: '', teamId: signedUp.activeTeam.id };
      await joinTeam(server.app, owner, team.id, member);

      // The member works in the shared team, picked in the top bar.
      await tab.goto('/team');
      await tab.page.getByRole('combobox', { name: 'Active team' }).selectOption(team.id);
      await visible(tab.page.getByText(`${team.name} · you are a member`));
      const memberList = tab.page.getByRole('list', { name: 'Members' });
      await visible(memberList.getByText(owner.email));
      expect(await memberList.textContent()).toContain('Role: Owner');
      // A member's usage is their own: none yet.
      await visible(tab.page.getByText('Your own usage', { exact: false }));
      await visible(tab.page.getByText('No tokens used in these days.'));
      await visible(tab.page.getByText('Only the team’s owners set its budget.'));
      await expect.poll(() => tab.page.getByText('Chat requests').count()).toBe(1);
      expect(await tab.page.getByRole('form', { name: 'Invite a member' }).count()).toBe(0);
      expect(await tab.page.getByRole('heading', { name: 'Invitations' }).count()).toBe(0);
      expect(await tab.page.getByRole('heading', { name: 'Audit trail' }).count()).toBe(0);
      expect(await tab.page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
      expect(await tab.page.getByRole('combobox', { name: /^Role of / }).count()).toBe(0);
      expect(await tab.page.getByRole('form', { name: 'Set the monthly token budget' }).count()).toBe(0);
      // The top bar fits a phone with the long names, every control still there by name.
      for (const link of ['Chat', 'Assets', 'Workflows', 'Team']) await visible(tab.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: link }));
      await visible(tab.page.getByRole('button', { name: 'Sign out' }));
      await visible(tab.page.getByRole('button', { name: 'New team' }));
      await tab.screenshot('team-member');
      await tab.assertFitsWidth();
      // So does the new-team form that takes the switcher's place.
      await tab.page.getByRole('button', { name: 'New team' }).click();
      await visible(tab.page.getByLabel('New team name'));
      await tab.assertFitsWidth();
      await tab.page.getByRole('button', { name: 'Cancel' }).click();
      await visible(tab.page.getByRole('combobox', { name: 'Active team' }));

      await clickConfirmed(tab, tab.page.getByRole('button', { name: `Leave ${team.name}` }));
      await visible(tab.page.getByRole('status').getByText(`You left ${team.name}.`));
      await visible(tab.page.getByText(`${signedUp.activeTeam.name} · you are an owner`));
      expect(await tab.page.getByRole('combobox', { name: 'Active team' }).inputValue()).toBe(member.teamId);
      expect(await members(owner, team.id)).toEqual([[owner.email, 'owner']]);

      // Back in their only team, of which they are the only owner: neither leaving nor a change of
      // their own role is offered (the API would refuse both); the page says what to do instead.
      await visible(tab.page.getByText('This is your only team: you can leave it once you belong to another.'));
      expect(await tab.page.getByRole('button', { name: `Leave ${signedUp.activeTeam.name}` }).count()).toBe(0);
      expect(await tab.page.getByRole('combobox', { name: /^Role of / }).count()).toBe(0);
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });
  }
});
