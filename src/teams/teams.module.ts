import { createSecretKey } from 'node:crypto';
import { AuditEventsModule } from '../audit-events/audit-events.module.js';
import { WebhookEventsModule } from '../webhook-events/webhook-events.module.js';
import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/configuration.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { EmailVerificationService } from './auth/email-verification/email-verification.service.js';
import { PasswordResetService } from './auth/password-reset/password-reset.service.js';
import { VerifiedEmailGuard } from './auth/email-verification/verified-email.guard.js';
import { JwtAuthGuard } from './auth/jwt-auth.guard.js';
import { LoginThrottleModule } from './auth/login-throttle/login-throttle.module.js';
import { OpenStreamGuard } from './auth/open-stream.guard.js';
import { OpenStreamsService } from './auth/open-streams.service.js';
import { SessionCache } from './auth/session-cache.js';
import { SessionOriginGuard } from './auth/session-origin.guard.js';
import { PasswordPolicy } from './auth/password-policy.js';
import { PasswordHasher } from './auth/password-hasher.js';
import { SessionsService } from './auth/sessions.service.js';
import { OidcController } from './auth/oidc/oidc.controller.js';
import { SsoReportService } from './auth/oidc/sso-report.service.js';
import { OidcService } from './auth/oidc/oidc.service.js';
import { OidcIdentity } from './entities/oidc-identity.entity.js';
import { Membership } from './entities/membership.entity.js';
import { Session } from './entities/session.entity.js';
import { TeamInvitation } from './entities/team-invitation.entity.js';
import { Team } from './entities/team.entity.js';
import { User } from './entities/user.entity.js';
import { InvitationTokensService } from './invitations/invitation-tokens.service.js';
import { InvitationsController } from './invitations/invitations.controller.js';
import { InvitationsService } from './invitations/invitations.service.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { TeamsController } from './teams.controller.js';
import { TeamsService } from './teams.service.js';
import { PermissionGuard } from './permissions/permission.guard.js';
import { GroupMapping } from './entities/group-mapping.entity.js';
import { GroupMappingsController } from './group-mappings/group-mappings.controller.js';
import { GroupMappingsService } from './group-mappings/group-mappings.service.js';
import { GroupSyncService } from './group-mappings/group-sync.service.js';
import { ScimController } from './scim/scim.controller.js';
import { ScimDirectoryService } from './scim/scim-directory.service.js';
import { ScimResources } from './scim/scim-resources.js';
import { ScimTokenGuard } from './scim/scim-token.guard.js';
import { ScimTokensService } from './scim/scim-tokens.service.js';

@Module({
  imports: [
    AuditEventsModule,
    WebhookEventsModule,
    TypeOrmModule.forFeature([User, Team, Membership, Session, TeamInvitation, OidcIdentity, GroupMapping]),
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => ({
        // A KeyObject made once: given a string, jsonwebtoken first tries it as a public key (and
        // throws) and then makes a secret key of it, on every sign and verify.
        secret: createSecretKey(Buffer.from(config.get('auth', { infer: true }).jwtSecret)),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
    RateLimitModule,
    LoginThrottleModule,
  ],
  controllers: [AuthController, OidcController, TeamsController, InvitationsController, GroupMappingsController, ScimController],
  providers: [
    TeamsService,
    InvitationsService,
    InvitationTokensService,
    AuthService,
    OidcService,
    SsoReportService,
    EmailVerificationService,
    PasswordResetService,
    SessionsService,
    PasswordPolicy,
    PasswordHasher,
    SessionCache,
    OpenStreamsService,
    GroupMappingsService,
    GroupSyncService,
    ScimTokensService,
    ScimTokenGuard,
    ScimDirectoryService,
    ScimResources,
    // Order matters: cross-site writes are refused before a session is read or a limit counted;
    // authentication sets the team context that the verification check, the stream caps and the
    // plan limiter read; the permission table is checked right after authentication; a stream refused by its cap counts against no limit.
    { provide: APP_GUARD, useClass: SessionOriginGuard },
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: PermissionGuard },
    { provide: APP_GUARD, useClass: VerifiedEmailGuard },
    { provide: APP_GUARD, useClass: OpenStreamGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [TeamsService, GroupSyncService, ScimTokensService, SsoReportService],
})
export class TeamsModule {}
