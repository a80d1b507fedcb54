import { invalid, namespace, text, url, type ValuesOf } from './environment.js';

export const OIDC_VARIABLES = namespace('Single sign-on (OpenID Connect; off while OIDC_ISSUER_URL is unset)', {
  issuerUrl: url({
    name: 'OIDC_ISSUER_URL',
    doc:
      "The identity provider's issuer (its /.well-known/openid-configuration is read at the first sign-in). Register the redirect URI " +
      '$PUBLIC_URL/api/auth/oidc/callback and the post-logout redirect URI $FRONTEND_URL/dashboard/login with the provider.',
  }),
  clientId: text({ name: 'OIDC_CLIENT_ID', doc: 'The client id the provider gave this service; required with OIDC_ISSUER_URL.' }),
  clientSecret: text({ name: 'OIDC_CLIENT_SECRET', doc: 'Its client secret; unset for a public client (PKCE only).' }),
  scopes: text({
    name: 'OIDC_SCOPES',
    default: 'openid email profile',
    pattern: /(^|\s)openid(\s|$)/,
    problem: 'must include openid',
    doc: 'Scopes asked for, space-separated; add the one that releases the groups claim if the provider needs one (e.g. `groups`).',
  }),
  groupsClaim: text({ name: 'OIDC_GROUPS_CLAIM', default: 'groups', doc: 'The ID token or userinfo claim that lists the user\'s groups.' }),
  displayName: text({ name: 'OIDC_DISPLAY_NAME', default: 'single sign-on', doc: 'The provider\'s name on the sign-in button ("Sign in with …").' }),
});

/** Single sign-on through one OpenID Connect provider; null when off. */
export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  /** Undefined: a public client, authenticated by PKCE alone. */
  clientSecret: string | undefined;
  scopes: string;
  groupsClaim: string;
  displayName: string;
}

export function oidcSettings(values: ValuesOf<typeof OIDC_VARIABLES>, production: boolean): OidcSettings | null {
  const { issuerUrl, clientId, clientSecret, scopes, groupsClaim, displayName } = values;
  if (!issuerUrl) {
    if (clientId || clientSecret) throw invalid('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER_URL');
    return null;
  }
  if (!clientId) throw invalid('OIDC_CLIENT_ID is required with OIDC_ISSUER_URL');
  // Tokens and the provider's keys travel over this connection: plain http only for a provider on a developer's machine or in tests.
  if (production && !issuerUrl.startsWith('https://')) throw invalid('OIDC_ISSUER_URL must be an https URL in production');
  return { issuerUrl, clientId, clientSecret, scopes, groupsClaim, displayName };
}
