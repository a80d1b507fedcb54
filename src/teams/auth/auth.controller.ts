import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiAcceptedResponse, ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../http/openapi/api-responses.decorator.js';
import { SuccessResponse } from '../../http/openapi/common.response.js';
import type { Request, Response } from 'express';
import { Audit, type AuditContext } from '../../audit-events/audit-context.js';
import type { AppConfig } from '../../config/configuration.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { ActiveTeam } from './active-team.decorator.js';
import {
  ApiTokenResponse,
  AuthOptionsResponse,
  CreatedApiTokenResponse,
  LoginResponse,
  LogoutResponse,
  MeResponse,
  PasswordResetRequestedResponse,
  PasswordResetResponse,
  SessionResponse,
  VerificationMailResponse,
  VerificationPendingResponse,
  VerifiedEmailResponse,
} from './auth.response.js';
import { AuthService } from './auth.service.js';
import { ChangePasswordDto } from './dto/change-password.dto.js';
import { CreateApiTokenDto } from './dto/create-api-token.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { UpdateMeDto } from './dto/update-me.dto.js';
import { ConfirmPasswordResetDto, RequestPasswordResetDto } from './dto/password-reset.dto.js';
import { PasswordResetService } from './password-reset/password-reset.service.js';
import { OidcService } from './oidc/oidc.service.js';
import { LoginThrottleGuard } from './login-throttle/login-throttle.guard.js';
import { RegisterDto } from './dto/register.dto.js';
import { VerifyEmailDto } from './dto/verify-email.dto.js';
import { EmailVerificationService } from './email-verification/email-verification.service.js';
import { AllowedUnverified } from './email-verification/verified-email.guard.js';
import { Public } from '../../common/public.decorator.js';
import { extractSessionToken, SESSION_COOKIE, sessionCookieOptions } from './session-token.js';
import type { ClientInfo } from './sessions.service.js';
import type { TeamContext } from './team-context.js';
import { Permission } from '../permissions/permission.decorator.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly verification: EmailVerificationService,
    private readonly oidc: OidcService,
    private readonly passwordReset: PasswordResetService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  @Public()
  @ApiOperation({ summary: 'How people may sign in here (password, single sign-on, sign-up policy)' })
  @ApiOkResponse({ type: AuthOptionsResponse })
  @Get('options')
  options(): AuthOptionsResponse {
    return this.auth.options();
  }

  /** 201 with a session; under EMAIL_VERIFICATION=required, 202 `verificationRequired` (the same for a known address). */
  @Public()
  @RateLimit('login-ip')
  @ApiOperation({ summary: 'Create an account and its personal team' })
  @ApiCreatedResponse({ type: LoginResponse, description: 'Signed in; the session cookie is set' })
  @ApiAcceptedResponse({ type: VerificationPendingResponse, description: 'EMAIL_VERIFICATION=required: confirm the address first' })
  @ApiErrors(403, 409)
  @Post('register')
  async register(
    @Body() dto: RegisterDto,
    @Req() req: Request,
    @Audit() audit: AuditContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse | VerificationPendingResponse> {
    const registered = await this.auth.register(dto, clientInfo(req), audit);
    if ('verificationRequired' in registered) {
      res.status(202);
      return registered;
    }
    return this.withCookie(res, registered);
  }

  /** The verification link's page posts its token here; no session needed (the link may be opened on another device). */
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the address with the mailed token' })
  @ApiOkResponse({ type: VerifiedEmailResponse })
  @ApiErrors(410)
  @Post('verify-email')
  verifyEmail(@Body() dto: VerifyEmailDto, @Audit() audit: AuditContext): Promise<VerifiedEmailResponse> {
    return this.verification.confirm(dto.token, audit);
  }

  /** Mails the signed-in user a new verification link (at most once a minute). */
  @Permission('account.read')
  @ApiBearerAuth()
  @ApiCookieAuth()
  @AllowedUnverified()
  @HttpCode(202)
  @ApiOperation({ summary: 'Mail a new address confirmation link' })
  @ApiAcceptedResponse({ type: VerificationMailResponse })
  @ApiErrors(409, 429)
  @Post('verification-mail')
  resendVerification(@ActiveTeam() team: TeamContext): Promise<VerificationMailResponse> {
    return this.verification.resend(team);
  }

  @Public()
  @UseGuards(LoginThrottleGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password' })
  @ApiOkResponse({ type: LoginResponse, description: 'Signed in; the session cookie is set' })
  @ApiErrors(401, 403)
  @Post('login')
  async login(
    @Body() dto: LoginDto,
    @Req() req: Request,
    @Audit() audit: AuditContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    return this.withCookie(res, await this.auth.login(dto, clientInfo(req), audit));
  }

  /** 202 with the same answer whether or not the address has an account; the link is mailed in the background. */
  @Public()
  @RateLimit('password-reset-ip', 'password-reset-email')
  @HttpCode(202)
  @ApiOperation({ summary: 'Mail a password reset link (the same answer for every address)' })
  @ApiAcceptedResponse({ type: PasswordResetRequestedResponse })
  @Post('password-reset')
  requestPasswordReset(@Body() dto: RequestPasswordResetDto): PasswordResetRequestedResponse {
    return this.passwordReset.request(dto.email);
  }

  /** The reset link's page posts its token and the new password here; every sign-in of the account ends. */
  @Public()
  @RateLimit('password-reset-ip')
  @HttpCode(200)
  @ApiOperation({ summary: "Set a new password with the mailed link's token; every browser sign-in ends" })
  @ApiOkResponse({ type: PasswordResetResponse })
  @ApiErrors(403, 410)
  @Post('password-reset/confirm')
  confirmPasswordReset(@Body() dto: ConfirmPasswordResetDto, @Audit() audit: AuditContext): Promise<PasswordResetResponse> {
    return this.passwordReset.confirm(dto, audit);
  }

  @Permission('account.read')
  @ApiBearerAuth()
  @ApiCookieAuth()
  @AllowedUnverified()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: end this session' })
  @ApiOkResponse({ type: LogoutResponse })
  @Post('logout')
  async logout(@ActiveTeam() team: TeamContext, @Audit() audit: AuditContext, @Res({ passthrough: true }) res: Response): Promise<LogoutResponse> {
    // Read before the session ends: a single sign-on's logout continues at the provider.
    const endSessionUrl = await this.oidc.endSessionUrl(team.sessionId);
    await this.auth.logout(team, audit);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return endSessionUrl ? { success: true, endSessionUrl } : { success: true };
  }

  /** A page that may be signed out asks this first: 200 either way, so a browser logs no 401 for a visitor. */
  @Public()
  @ApiOperation({ summary: 'Whether the caller is signed in: GET /api/auth/me when so, else null (200 either way)' })
  @ApiOkResponse({ type: SessionResponse })
  @Get('session')
  session(@Req() req: Request): Promise<SessionResponse> {
    return this.auth.session(extractSessionToken(req));
  }

  @Permission('account.read')
  @ApiBearerAuth()
  @ApiCookieAuth()
  @AllowedUnverified()
  @ApiOperation({ summary: 'The caller, their teams and the active one' })
  @ApiOkResponse({ type: MeResponse })
  @Get('me')
  me(@ActiveTeam() team: TeamContext): Promise<MeResponse> {
    return this.auth.me(team);
  }

  @Permission('account.read')
  @ApiBearerAuth()
  @ApiCookieAuth()
  @AllowedUnverified()
  @ApiOperation({ summary: "Change the caller's own settings (the daily approvals digest)" })
  @ApiOkResponse({ type: MeResponse })
  @ApiErrors(400)
  @Patch('me')
  updateMe(@ActiveTeam() team: TeamContext, @Body() dto: UpdateMeDto): Promise<MeResponse> {
    return this.auth.updateMe(team, dto);
  }

  @Permission('account.credentials')
  @ApiBearerAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Create a long-lived API token (shown once)' })
  @ApiCreatedResponse({ type: CreatedApiTokenResponse })
  @Post('tokens')
  createToken(@ActiveTeam() team: TeamContext, @Body() dto: CreateApiTokenDto, @Audit() audit: AuditContext): Promise<CreatedApiTokenResponse> {
    return this.auth.createApiToken(team, dto, audit);
  }

  @Permission('account.credentials')
  @ApiBearerAuth()
  @ApiCookieAuth()
  @RateLimit('password-change')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the password (ends the other sessions)' })
  @ApiOkResponse({ type: SuccessResponse })
  @Post('password')
  async changePassword(@ActiveTeam() team: TeamContext, @Body() dto: ChangePasswordDto, @Audit() audit: AuditContext): Promise<{ success: true }> {
    await this.auth.changePassword(team, dto, audit);
    return { success: true };
  }

  @Permission('account.credentials')
  @ApiBearerAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: "List the caller's API tokens" })
  @ApiOkResponse({ type: [ApiTokenResponse] })
  @Get('tokens')
  listTokens(@ActiveTeam() team: TeamContext): Promise<ApiTokenResponse[]> {
    return this.auth.listApiTokens(team);
  }

  @Permission('account.credentials')
  @ApiBearerAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Revoke an API token' })
  @ApiOkResponse({ type: SuccessResponse })
  @Delete('tokens/:id')
  async revokeToken(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string, @Audit() audit: AuditContext): Promise<{ success: true }> {
    await this.auth.revokeApiToken(team, id, audit);
    return { success: true };
  }

  private withCookie(res: Response, login: LoginResponse): LoginResponse {
    res.cookie(SESSION_COOKIE, login.accessToken, sessionCookieOptions(this.config.get('auth', { infer: true })));
    return login;
  }
}

export function clientInfo(req: Request): ClientInfo {
  return { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null };
}
