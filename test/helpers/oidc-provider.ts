import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './ports.js';

/** An account at the test provider: the claims it releases (email, email_verified, name, groups). */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export const TEST_CLIENT = { id: 'assistant-test', secret: 'assistant-test-client-secret-0123456789' };

/**
 * An OpenID provider (oidc-provider, with its development login and consent pages) on a loopback
 * port, in this process. Its one client requires PKCE and redirects back to the apps' callbacks.
 * Accounts are looked up at every sign-in: `setAccount` changes claims (groups) between sign-ins.
 */
export class TestOidcProvider {
  private readonly accounts = new Map<string, ProviderAccount>();
  private server: Server | undefined;
  issuer = '';

  setAccount(login: string, account: ProviderAccount): void {
    this.accounts.set(login, account);
  }

  /** Starts the provider, its client accepting the callback of each app in `appUrls`. */
  async start(appUrls: string[]): Promise<string> {
    const port = await freePort();
    this.issuer = `http://127.0.0.1:${port}`;
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: TEST_CLIENT.id,
          client_secret: TEST_CLIENT.secret,
          redirect_uris: appUrls.map((appUrl) => `${appUrl}/api/auth/oidc/callback`),
          post_logout_redirect_uris: appUrls.map((appUrl) => `${appUrl}/dashboard/login`),
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      findAccount: (_context, id) => {
        const account = this.accounts.get(id);
        return Promise.resolve(account && { accountId: id, claims: () => Promise.resolve({ sub: id, ...account }) });
      },
      scopes: ['openid', 'email', 'profile', 'groups'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      cookies: { keys: ['test-oidc-provider-cookie-key'] },
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
      pkce: { required: () => true },
    });
    this.server = provider.listen(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => this.server!.once('listening', resolve).once('error', reject));
    return this.issuer;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/** Cookies per origin, as a browser keeps them (paths ignored: each test origin's routes share them). */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.byOrigin.get(url.origin) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(origin: string, name: string): string | undefined {
    return this.byOrigin.get(origin)?.get(name);
  }

  store(url: URL, response: Response): void {
    const cookies = this.byOrigin.get(url.origin) ?? new Map<string, string>();
    this.byOrigin.set(url.origin, cookies);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1]) <= Date.now());
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  }
}

/** A GET or form POST that neither follows redirects nor forgets cookies. */
export async function browse(jar: CookieJar, url: URL, form?: Record<string, string>): Promise<Response> {
  const response = await fetch(url, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { cookie: jar.header(url), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  jar.store(url, response);
  return response;
}

/**
 * Follows a sign-in from `start` through the provider's login (as `login`) and consent pages, as a
 * browser would, until a redirect leaves for a page under `/dashboard`: that redirect's URL.
 */
export async function signInThroughProvider(jar: CookieJar, start: URL, login: string): Promise<URL> {
  let url = start;
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await browse(jar, url, form);
    form = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.pathname.startsWith('/dashboard')) return next;
      url = next;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action) throw new Error(`Unexpected ${response.status} from ${url.href}: ${page.slice(0, 300)}`);
    form = page.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
    url = new URL(action.replaceAll('&amp;', '&'), url);
  }
  throw new Error('The sign-in did not end in 20 steps');
}
