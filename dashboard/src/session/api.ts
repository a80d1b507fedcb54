import { client, type Schema, send } from '../api/client';

// The session's calls: who is signed in, signing in and out, and the mailed links of sign-up and password reset.

/** A link (not a call): single sign-on starts with a navigation to the provider, back to `returnTo` after. */
export function oidcLoginUrl(returnTo: string): string {
  return `/api/auth/oidc/login?${new URLSearchParams({ returnTo }).toString()}`;
}

/** Who is signed in, or `me: null`: answered 200 either way, so a signed-out page logs no 401. */
export const session = () => send(client.GET('/api/auth/session'));

export const authOptions = () => send(client.GET('/api/auth/options'));

/** Signed in, or (EMAIL_VERIFICATION=required) a VerificationPendingResponse naming the mailed link. */
export const register = (body: Schema<'RegisterDto'>) => send(client.POST('/api/auth/register', { body }));

export const login = (body: Schema<'LoginDto'>) => send(client.POST('/api/auth/login', { body }));

export const logout = () => send(client.POST('/api/auth/logout'));

export const verifyEmail = (token: string) => send(client.POST('/api/auth/verify-email', { body: { token } }));

export const resendVerificationMail = () => send(client.POST('/api/auth/verification-mail'));

export const requestPasswordReset = (email: string) => send(client.POST('/api/auth/password-reset', { body: { email } }));

export const confirmPasswordReset = (token: string, password: string) => send(client.POST('/api/auth/password-reset/confirm', { body: { token, password } }));
