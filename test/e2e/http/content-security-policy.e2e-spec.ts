import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { createTestApp } from '../../setup/create-test-app.js';

/** The directives of the Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string> {
  return new Map((header ?? '').split(';').map((directive) => directive.trim().split(/\s+(.*)/s).slice(0, 2) as [string, string]));
}

describe('Content-Security-Policy', () => {
  let apps: INestApplication[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  async function policyFor(publicUrl: string): Promise<Map<string, string>> {
    const app = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
    apps = [...apps, app];
    const response = await api(app).get('/api/health').expect(200);
    return directives(response.headers['content-security-policy']);
  }

  it('does not ask browsers to upgrade to https when PUBLIC_URL is plain http (the dashboard on a LAN address stays usable)', async () => {
    const policy = await policyFor('http://192.168.1.20:3000');
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('asks browsers to upgrade insecure requests when PUBLIC_URL is https', async () => {
    const policy = await policyFor('https://assistant.example.com');
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
  });
});
