import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SuccessResponse } from '../http/openapi/common.response.js';
import { ApiErrors } from '../http/openapi/api-responses.decorator.js';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { ParseConversationReferencePipe } from '../conversations/conversation-reference.pipe.js';
import { ConversationResponse, HistoryResponse, StoppedConversationResponse } from '../conversations/conversations.response.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import { ConversationIdQueryDto } from '../conversations/dto/conversation-id.query.dto.js';
import { ConversationSharingDto } from '../conversations/dto/conversation-sharing.dto.js';
import { ListConversationsQueryDto } from '../conversations/dto/list-conversations.query.dto.js';
import { RenameConversationDto } from '../conversations/dto/rename-conversation.dto.js';
import { SearchConversationsQueryDto } from '../conversations/dto/search-conversations.query.dto.js';
import { SelectBranchDto } from '../conversations/dto/select-branch.dto.js';
import { BranchesResponse } from '../conversations/branches.response.js';
import { RenamedConversationResponse } from '../conversations/renamed-conversation.response.js';
import { SearchHitResponse } from '../conversations/search.response.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { ConversationRepliesService } from './conversation-replies.service.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

/**
 * /api/assistant/history and /api/assistant/conversations. Served by the assistant module, not
 * the conversations module below it: deleting or stopping a conversation stops its reply first.
 */
@ApiTags('assistant')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('assistant')
export class ConversationsController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly replies: ConversationRepliesService,
  ) {}

  @Permission('conversation.read')
  @ApiOperation({ summary: "A conversation's messages" })
  @Get('history')
  @ApiOkResponse({ type: HistoryResponse })
  @ApiErrors(404)
  history(@ActiveTeam() team: TeamContext, @Query() query: ConversationIdQueryDto): Promise<HistoryResponse> {
    return this.conversations.history(team, query.id);
  }

  @Permission('conversation.read')
  @ApiOperation({ summary: "List the caller's conversations, the team's runs' and the chats shared with the team, newest first" })
  @Get('conversations')
  @ApiOkResponse({ type: [ConversationResponse] })
  list(@ActiveTeam() team: TeamContext, @Query() query: ListConversationsQueryDto): Promise<ConversationResponse[]> {
    return this.conversations.list(team, query);
  }

  /** SPEC §4: deletes the conversation and its messages, stopping a reply being generated first. */
  @Permission('conversation.delete')
  @ApiOperation({ summary: "Delete a conversation: the caller's own, or for owners and admins any of the team's (they still cannot read another's private chat)" })
  @Delete('conversations')
  @ApiOkResponse({ type: SuccessResponse })
  @ApiErrors(404)
  async delete(@ActiveTeam() team: TeamContext, @Query() query: ConversationIdQueryDto, @Audit() audit: AuditContext): Promise<SuccessResponse> {
    await this.replies.deleteConversation(team, query.id, audit);
    return { success: true };
  }

  @Permission('conversation.read')
  @ApiOperation({ summary: "Search the caller's conversations, the team's runs' and the shared chats (titles and messages) by their words" })
  @ApiOkResponse({ type: [SearchHitResponse] })
  @Get('search')
  search(@ActiveTeam() team: TeamContext, @Query() query: SearchConversationsQueryDto): Promise<SearchHitResponse[]> {
    return this.conversations.search(team, query);
  }

  @Permission('conversation.write')
  @ApiOperation({ summary: 'Rename a conversation (a generated title never replaces the name given)' })
  @ApiOkResponse({ type: RenamedConversationResponse })
  @Patch('conversations/:id')
  @ApiErrors(404)
  rename(@ActiveTeam() team: TeamContext, @Param('id', ParseConversationReferencePipe) id: string, @Body() body: RenameConversationDto): Promise<RenamedConversationResponse> {
    return this.conversations.rename(team, id, body.title);
  }

  @Permission('conversation.write')
  @ApiOperation({ summary: 'Share a chat with the team (read-only for the others) or make it private again; its author only' })
  @ApiOkResponse({ type: ConversationResponse })
  @Put('conversations/:id/sharing')
  @ApiErrors(404, 409)
  setSharing(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseConversationReferencePipe) id: string,
    @Body() body: ConversationSharingDto,
    @Audit() audit: AuditContext,
  ): Promise<ConversationResponse> {
    return this.conversations.setSharing(team, id, body.shared, audit);
  }

  @Permission('conversation.write')
  @ApiOperation({ summary: 'Continue as my own copy: a new private chat of the caller holding the history of one they may read' })
  @ApiCreatedResponse({ type: ConversationResponse })
  @Post('conversations/:id/copies')
  @ApiErrors(404)
  fork(@ActiveTeam() team: TeamContext, @Param('id', ParseConversationReferencePipe) id: string): Promise<ConversationResponse> {
    return this.conversations.fork(team, id);
  }

  @Permission('conversation.read')
  @ApiOperation({ summary: 'The history shown and the versions kept at each fork (replies generated again, messages edited)' })
  @ApiOkResponse({ type: BranchesResponse })
  @Get('conversations/:id/branches')
  @ApiErrors(404)
  branches(@ActiveTeam() team: TeamContext, @Param('id', ParseConversationReferencePipe) id: string): Promise<BranchesResponse> {
    return this.conversations.branchesOf(team, id);
  }

  @Permission('conversation.write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Show another version at a fork; the one shown is kept as a branch' })
  @ApiOkResponse({ type: BranchesResponse })
  @Post('conversations/:id/branches')
  @ApiErrors(404, 409)
  selectBranch(@ActiveTeam() team: TeamContext, @Param('id', ParseConversationReferencePipe) id: string, @Body() body: SelectBranchDto): Promise<BranchesResponse> {
    return this.replies.selectBranch(team, id, body.version);
  }

  /** Stops the reply being generated; the partial message is kept, marked stopped. */
  @Permission('conversation.write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop the reply in progress (the partial reply is kept)' })
  @Post('conversations/:id/stop')
  @ApiOkResponse({ type: StoppedConversationResponse })
  // 409: no reply is being generated (or its server stopped: the reply is kept as far as it got).
  @ApiErrors(409)
  stop(@ActiveTeam() team: TeamContext, @Param('id', ParseConversationReferencePipe) id: string): Promise<StoppedConversationResponse> {
    return this.replies.stop(team, id);
  }
}
