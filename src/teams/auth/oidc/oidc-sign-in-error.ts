/** Why a single sign-on was refused: the code the sign-in page reads from `?sso_error=`. */
export type OidcFailure =
  | 'sso_disabled'
  | 'sso_state_mismatch'
  | 'sso_provider_error'
  | 'sso_failed'
  | 'sso_email_missing'
  | 'sso_email_unverified'
  | 'sso_signup_closed'
  | 'sso_signup_invite_only'
  | 'sso_no_team'
  | 'sso_deactivated';

/** A refused single sign-on: the callback redirects to the sign-in page with its code, never a 500. */
export class OidcSignInError extends Error {
  constructor(
    readonly code: OidcFailure,
    detail?: string,
  ) {
    super(detail ?? code);
  }
}
