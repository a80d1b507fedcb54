import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import type { ConversationResponse, HistoryResponse } from './conversations.response.js';
import { ConversationsService } from './conversations.service.js';
import { ConversationIdQueryDto } from './dto/conversation-id.query.dto.js';
import { ListConversationsQueryDto } from './dto/list-conversations.query.dto.js';

@ApiTags('assistant')
@ApiBearerAuth()
@ApiCookieAuth()
/** History and listing; deleting is AssistantController's, as a reply under way is stopped first. */
@Controller('assistant')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get('history')
  history(@ActiveTeam() team: TeamContext, @Query() query: ConversationIdQueryDto): Promise<HistoryResponse> {
    return this.conversations.history(team.teamId, query.id);
  }

  @Get('conversations')
  list(@ActiveTeam() team: TeamContext, @Query() query: ListConversationsQueryDto): Promise<ConversationResponse[]> {
    return this.conversations.list(team.teamId, query);
  }
}
