import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiCookieAuth, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { ActiveTeam } from './auth/active-team.decorator.js';
import type { TeamContext } from './auth/team-context.js';
import { ChangeRoleDto } from './dto/change-role.dto.js';
import { CreateTeamDto } from './dto/create-team.dto.js';
import { InviteMemberDto } from './dto/invite-member.dto.js';
import { InvitationResponse, SentInvitationResponse } from './invitations/invitations.response.js';
import { InvitationsService } from './invitations/invitations.service.js';
import { LeaveTeamResponse, MemberResponse, TeamPlanResponse, TeamResponse } from './teams.response.js';
import { SuccessResponse } from '../http/openapi/common.response.js';
import { TeamsService } from './teams.service.js';
import { Permission } from './permissions/permission.decorator.js';

@ApiTags('teams')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('teams')
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly invitations: InvitationsService,
  ) {}

  @Permission('account.read')
  @ApiOperation({ summary: "List the caller's teams" })
  @ApiOkResponse({ type: [TeamResponse] })
  @Get()
  list(@ActiveTeam() team: TeamContext): Promise<TeamResponse[]> {
    return this.teams.listForUser(team.userId);
  }

  @Permission('account.teams')
  @ApiOperation({ summary: 'Create a team (the caller owns it)' })
  @ApiCreatedResponse({ type: TeamResponse })
  @Post()
  create(@ActiveTeam() team: TeamContext, @Body() dto: CreateTeamDto, @Audit() audit: AuditContext): Promise<TeamResponse> {
    return this.teams.createForUser(team.userId, dto.name, audit);
  }

  @Permission('account.teams')
  @HttpCode(200)
  @ApiOperation({ summary: "Make a team this session's active team" })
  @ApiOkResponse({ type: TeamResponse })
  @Post(':id/activate')
  activate(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<TeamResponse> {
    return this.teams.activate(team, id);
  }

  @Permission('team.read', { teamParam: 'id' })
  @ApiOperation({ summary: "A team's plan and its limits" })
  @Get(':id/plan')
  @ApiOkResponse({ type: TeamPlanResponse, description: "The limits in force for the team's plan (monthlyTokens null: unlimited)" })
  @ApiNotFoundResponse({ description: 'Not a team of the caller' })
  plan(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<TeamPlanResponse> {
    return this.teams.planLimits(team.userId, id);
  }

  @Permission('team.read', { teamParam: 'id' })
  @ApiOperation({ summary: "List a team's members" })
  @ApiOkResponse({ type: [MemberResponse] })
  @Get(':id/members')
  members(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<MemberResponse[]> {
    return this.teams.listMembers(team.userId, id);
  }

  /** Both paths invite: adding a member directly would add them without their consent. */
  @Permission('team.members.invite', { teamParam: 'id' })
  @ApiOperation({ summary: 'Invite someone to a team by email' })
  @Post([':id/members', ':id/invitations'])
  @ApiCreatedResponse({
    type: SentInvitationResponse,
    description:
      'The invitation (status "pending"), mailed to the address ' +
      'with a link (it replaces a pending invitation to the same address); the person joins only by accepting it. Within ' +
      'INVITATION_MAIL_INTERVAL_SECONDS of the last mail to the address, a pending invitation is changed in place and not mailed ' +
      'again (mailed: false; the link already mailed stays good)',
  })
  @ApiTooManyRequestsResponse({
    description: "The team's or the inviter's invitation quota is used up, or the address was mailed less than the interval ago with no pending invitation",
  })
  @ApiForbiddenResponse({ description: 'Members cannot invite; only owners invite owners' })
  @ApiNotFoundResponse({ description: 'Not a team of the caller' })
  @ApiConflictResponse({ description: 'The address belongs to a member already' })
  invite(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() dto: InviteMemberDto,
    @Audit() audit: AuditContext,
  ): Promise<SentInvitationResponse> {
    return this.invitations.invite(team, id, dto, audit);
  }

  @Permission('team.invitations.read', { teamParam: 'id' })
  @ApiOperation({ summary: "List a team's pending invitations" })
  @Get(':id/invitations')
  @ApiOkResponse({ type: [InvitationResponse], description: 'Pending invitations that can still be accepted, newest first (owners and admins)' })
  @ApiForbiddenResponse({ description: 'Members cannot see invitations' })
  @ApiNotFoundResponse({ description: 'Not a team of the caller' })
  listInvitations(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<InvitationResponse[]> {
    return this.invitations.listPending(team, id);
  }

  @Permission('team.invitations.revoke', { teamParam: 'id' })
  @ApiOperation({ summary: 'Revoke a pending invitation' })
  @Delete(':id/invitations/:invitationId')
  @ApiOkResponse({ type: SuccessResponse, description: 'The link no longer works' })
  @ApiForbiddenResponse({ description: 'Members cannot revoke; only owners revoke an invitation to become owner' })
  @ApiNotFoundResponse({ description: 'No such invitation in a team of the caller' })
  @ApiConflictResponse({ description: 'The invitation was already accepted, declined, revoked or replaced' })
  async revokeInvitation(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('invitationId', ParseUUIDPipe) invitationId: string,
    @Audit() audit: AuditContext,
  ): Promise<SuccessResponse> {
    await this.invitations.revoke(team, id, invitationId, audit);
    return { success: true };
  }

  @Permission('team.members.role', { teamParam: 'id' })
  @ApiOperation({ summary: "Change a member's role" })
  @Patch(':id/members/:userId')
  @ApiOkResponse({ type: MemberResponse, description: 'The role applies to the member\'s sessions at once' })
  @ApiForbiddenResponse({ description: 'Members cannot change roles; only owners make or unmake owners' })
  @ApiNotFoundResponse({ description: 'Not a team of the caller, or not a member of it' })
  @ApiConflictResponse({ description: 'It would leave the team without an owner' })
  changeRole(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('userId', ParseUUIDPipe) userId: string,
    @Body() dto: ChangeRoleDto,
    @Audit() audit: AuditContext,
  ): Promise<MemberResponse> {
    return this.teams.changeRole(team, id, userId, dto.role, audit);
  }

  @Permission('team.members.remove', { teamParam: 'id' })
  @ApiOperation({ summary: 'Remove a member from a team' })
  @Delete(':id/members/:userId')
  @ApiOkResponse({ type: SuccessResponse, description: 'The member\'s sessions in this team end at once; removing yourself is leaving' })
  @ApiForbiddenResponse({ description: 'Members cannot remove others; only owners remove owners' })
  @ApiNotFoundResponse({ description: 'Not a team of the caller, or not a member of it' })
  @ApiConflictResponse({ description: 'Removing yourself: as for leaving' })
  async removeMember(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('userId', ParseUUIDPipe) userId: string,
    @Audit() audit: AuditContext,
  ): Promise<SuccessResponse> {
    await this.teams.removeMember(team, id, userId, audit);
    return { success: true };
  }

  @Permission('account.teams')
  @HttpCode(200)
  @ApiOperation({ summary: 'Leave a team' })
  @Post(':id/leave')
  @ApiOkResponse({
    type: LeaveTeamResponse,
    description: 'This session\'s active team afterwards (your first team if it was this one); your other sessions in the team end',
  })
  @ApiNotFoundResponse({ description: 'Not a team of the caller' })
  @ApiConflictResponse({ description: 'You are its last owner, or it is your only team' })
  leave(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string, @Audit() audit: AuditContext): Promise<LeaveTeamResponse> {
    return this.teams.leave(team, id, audit);
  }
}
