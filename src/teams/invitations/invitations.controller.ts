import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCookieAuth, ApiForbiddenResponse, ApiGoneResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audit, type AuditContext } from '../../audit-events/audit-context.js';
import { ActiveTeam } from '../auth/active-team.decorator.js';
import { Public } from '../../common/public.decorator.js';
import type { TeamContext } from '../auth/team-context.js';
import { InvitationTokenDto } from '../dto/invitation-token.dto.js';
import { TeamResponse } from '../teams.response.js';
import { InvitationLinkResponse, InvitationResponse } from './invitations.response.js';
import { InvitationsService } from './invitations.service.js';
import { Permission } from '../permissions/permission.decorator.js';

/** The invitee's side: the token from the mailed link, in the body (never in a URL, so never in a log). */
@ApiTags('teams')
@ApiBadRequestResponse({ description: 'The link is malformed or tampered with' })
@ApiConflictResponse({ description: 'The invitation was already accepted or declined' })
@ApiGoneResponse({ description: 'The invitation expired, was revoked or replaced by a newer one, or its team is gone' })
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Permission('account.teams')
  @ApiBearerAuth()
  @ApiCookieAuth()
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept an invitation (signed in as the invited address)' })
  @Post('accept')
  @ApiOkResponse({ type: TeamResponse, description: 'The team joined, with the role' })
  @ApiForbiddenResponse({ description: 'Signed in with another address than the invited one' })
  accept(@ActiveTeam() team: TeamContext, @Body() dto: InvitationTokenDto, @Audit() audit: AuditContext): Promise<TeamResponse> {
    return this.invitations.accept(team, dto.token, audit);
  }

  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: "What an invitation's link invites to: the team, the inviter, the invited address and role (no account needed)" })
  @Post('lookup')
  @ApiOkResponse({ type: InvitationLinkResponse, description: 'The pending invitation, as its mail named it' })
  lookup(@Body() dto: InvitationTokenDto): Promise<InvitationLinkResponse> {
    return this.invitations.describe(dto.token);
  }

  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline an invitation (no account needed)' })
  @Post('decline')
  @ApiOkResponse({ type: InvitationResponse, description: 'The invitation, status "declined"; no account needed' })
  decline(@Body() dto: InvitationTokenDto, @Audit() audit: AuditContext): Promise<InvitationResponse> {
    return this.invitations.decline(dto.token, audit);
  }
}
