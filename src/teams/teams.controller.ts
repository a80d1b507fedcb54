import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { ActiveTeam } from './auth/active-team.decorator.js';
import type { TeamContext } from './auth/team-context.js';
import { AddMemberDto } from './dto/add-member.dto.js';
import { CreateTeamDto } from './dto/create-team.dto.js';
import type { MemberResponse, TeamResponse } from './teams.response.js';
import { TeamsService } from './teams.service.js';

@ApiTags('teams')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('teams')
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Get()
  list(@ActiveTeam() team: TeamContext): Promise<TeamResponse[]> {
    return this.teams.listForUser(team.userId);
  }

  @Post()
  create(@ActiveTeam() team: TeamContext, @Body() dto: CreateTeamDto): Promise<TeamResponse> {
    return this.teams.createOwned(team.userId, dto.name);
  }

  @HttpCode(200)
  @Post(':id/activate')
  activate(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<TeamResponse> {
    return this.teams.activate(team, id);
  }

  @Get(':id/members')
  members(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<MemberResponse[]> {
    return this.teams.listMembers(team.userId, id);
  }

  @Post(':id/members')
  addMember(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() dto: AddMemberDto,
  ): Promise<MemberResponse> {
    return this.teams.addMember(team, id, dto);
  }
}
