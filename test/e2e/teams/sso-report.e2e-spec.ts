import type { INestApplication } from '@nestjs/common';
import { SsoReportService } from '../../../src/teams/auth/oidc/sso-report.service.js';
import { ScimTokensService } from '../../../src/teams/scim/scim-tokens.service.js';
import { api } from '../../helpers/api.js';
import { signUp } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const SECRET = 'a-client-secret-that-must-never-be-printed';

/** What `npm run cli -- sso:show` prints (#31): the deployment's single sign-on setup, without secrets. */
describe('the operator report of single sign-on', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await createTestApp({
      env: { OIDC_ISSUER_URL: 'https://idp.example.com/oauth2/default', OIDC_CLIENT_ID: 'assistant-web', OIDC_CLIENT_SECRET: SECRET, OIDC_DISPLAY_NAME: 'Okta' },
    });
    await resetDatabase(app);
  });
  afterAll(() => app.close());

  it('names the issuer, client id and what to register, counts mappings and SCIM tokens, and prints no secret', async () => {
    const [alice, bob] = [await signUp(app), await signUp(app)];
    for (const [owner, groupName] of [[alice, 'eng'], [alice, 'ops'], [bob, 'eng']] as const) {
      await api(app, owner).post(`/api/teams/${owner.teamId}/group-mappings`).send({ groupName, role: 'member' }).expect(201);
    }
    const tokens = app.get(ScimTokensService);
    const { token } = await tokens.create('okta');
    await tokens.revoke((await tokens.create('old')).id);

    const report = await app.get(SsoReportService).report();
    expect(report).toEqual({
      sso: {
        issuer: 'https://idp.example.com/oauth2/default',
        clientId: 'assistant-web',
        clientSecret: 'set',
        scopes: 'openid email profile',
        groupsClaim: 'groups',
        displayName: 'Okta',
        redirectUri: expect.stringMatching(/\/api\/auth\/oidc\/callback$/),
        postLogoutRedirectUri: expect.stringMatching(/\/dashboard\/login$/),
      },
      passwordLogin: 'enabled',
      signup: 'open',
      emailVerification: 'optional',
      groupMappings: { count: 3, teams: 2 },
      scimTokens: 1,
    });
    const printed = JSON.stringify(report);
    expect(printed).not.toContain(SECRET);
    expect(printed).not.toContain(token);
  });
});
