import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiRedirect } from '../../../http/openapi/api-responses.decorator.js';
import type { Request, Response } from 'express';
import { Audit, type AuditContext } from '../../../audit-events/audit-context.js';
import { Public } from '../../../common/public.decorator.js';
import type { AppConfig } from '../../../config/configuration.js';
import { clientInfo } from '../auth.controller.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../session-token.js';
import { OidcSignInError } from './oidc-sign-in-error.js';
import { FLOW_TTL_SECONDS, OidcService } from './oidc.service.js';

/** Holds the state, nonce and PKCE verifier of one round trip through the provider, signed. */
const FLOW_COOKIE = 'oidc_flow';
const FLOW_COOKIE_PATH = '/api/auth/oidc';
const DEFAULT_RETURN_TO = '/dashboard';

/**
 * Single sign-on's two legs. Both answer with redirects only: a refusal lands on the sign-in page
 * with `?sso_error=<code>`, never an error page.
 */
@ApiTags('auth')
@Controller('auth/oidc')
export class OidcController {
  constructor(
    private readonly oidc: OidcService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  /** Redirects to the provider; `returnTo` (a path on this site) is where the callback lands after signing in. */
  @Public()
  @ApiOperation({ summary: 'Start single sign-on (redirects to the identity provider)' })
  @ApiRedirect(302, "To the identity provider's sign-in page; when sign-on is off or the provider fails, to the dashboard's sign-in page with ?sso_error=<code>")
  @Get('login')
  async login(@Query('returnTo') returnTo: unknown, @Res() res: Response): Promise<void> {
    try {
      const { url, flowToken } = await this.oidc.start(sameSitePath(returnTo));
      res.cookie(FLOW_COOKIE, flowToken, {
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level navigation, which carries it.
        sameSite: 'lax',
        secure: this.config.get('auth', { infer: true }).secureCookies,
        path: FLOW_COOKIE_PATH,
        maxAge: FLOW_TTL_SECONDS * 1000,
      });
      res.redirect(302, url);
    } catch (error) {
      this.refuse(res, error);
    }
  }

  @Public()
  @ApiOperation({ summary: "Finish single sign-on (the identity provider's redirect)" })
  @ApiRedirect(302, 'Signed in (the session cookie is set): to the path asked for at the start; on failure, to the dashboard\'s sign-in page with ?sso_error=<code>')
  @Get('callback')
  async callback(@Req() req: Request, @Audit() audit: AuditContext, @Res() res: Response): Promise<void> {
    const cookies = req.cookies as Record<string, string | undefined>;
    res.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
    try {
      const callbackUrl = new URL(req.originalUrl, this.config.get('app', { infer: true }).publicUrl);
      const signedIn = await this.oidc.signIn(callbackUrl, cookies[FLOW_COOKIE], clientInfo(req), audit);
      res.cookie(SESSION_COOKIE, signedIn.token, sessionCookieOptions(this.config.get('auth', { infer: true })));
      res.redirect(302, `${this.config.get('app', { infer: true }).frontendUrl}${signedIn.returnTo}`);
    } catch (error) {
      this.refuse(res, error);
    }
  }

  private refuse(res: Response, error: unknown): void {
    const code = error instanceof OidcSignInError ? error.code : 'sso_failed';
    res.redirect(302, `${this.config.get('app', { infer: true }).frontendUrl}/dashboard/login?sso_error=${code}`);
  }
}

/** A path on this site, else the dashboard: never another origin (`//host`, `/\host`, a scheme). */
function sameSitePath(value: unknown): string {
  if (typeof value !== 'string' || !/^\/(?![/\\])[^\s\\]*$/.test(value) || value.length > 2000) return DEFAULT_RETURN_TO;
  return value;
}
