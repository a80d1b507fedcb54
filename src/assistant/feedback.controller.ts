import { Body, Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ParseConversationReferencePipe } from '../conversations/conversation-reference.pipe.js';
import { FeedbackQueryDto } from '../conversations/dto/feedback-query.dto.js';
import { MessageFeedbackDto } from '../conversations/dto/message-feedback.dto.js';
import { FeedbackReportResponse, MessageFeedbackResponse } from '../conversations/feedback.response.js';
import { FeedbackService } from '../conversations/feedback.service.js';
import { ApiErrors } from '../http/openapi/api-responses.decorator.js';
import { SuccessResponse } from '../http/openapi/common.response.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { MANAGERS } from '../teams/membership-rules.js';
import { Permission } from '../teams/permissions/permission.decorator.js';
import { UsageService } from '../usage/usage.service.js';
import { ParseMessageIdPipe } from './message-id.pipe.js';

/**
 * Thumbs up or down on replies, and the counts per agent and model beside the team's usage. Served
 * here, above both the conversations and the usage modules, which know nothing of each other.
 */
@ApiBearerAuth()
@ApiCookieAuth()
@Controller()
export class FeedbackController {
  constructor(
    private readonly feedback: FeedbackService,
    private readonly usage: UsageService,
  ) {}

  @ApiTags('assistant')
  @Permission('conversation.read')
  @ApiOperation({ summary: "The caller's ratings of the replies of a conversation" })
  @ApiOkResponse({ type: [MessageFeedbackResponse] })
  @Get('assistant/conversations/:id/feedback')
  @ApiErrors(404)
  mine(@ActiveTeam() team: TeamContext, @Param('id', ParseConversationReferencePipe) id: string): Promise<MessageFeedbackResponse[]> {
    return this.feedback.mine(team, id);
  }

  @ApiTags('assistant')
  @Permission('conversation.read')
  @ApiOperation({ summary: 'Rate a reply (thumbs up or down, with an optional note); rating again replaces the rating' })
  @ApiOkResponse({ type: MessageFeedbackResponse })
  @Put('assistant/conversations/:id/messages/:messageId/feedback')
  @ApiErrors(404)
  rate(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseConversationReferencePipe) id: string,
    @Param('messageId', ParseMessageIdPipe) messageId: string,
    @Body() body: MessageFeedbackDto,
  ): Promise<MessageFeedbackResponse> {
    return this.feedback.rate(team, id, messageId, body);
  }

  @ApiTags('assistant')
  @Permission('conversation.read')
  @ApiOperation({ summary: "Take back the caller's rating of a reply" })
  @ApiOkResponse({ type: SuccessResponse })
  @Delete('assistant/conversations/:id/messages/:messageId/feedback')
  @ApiErrors(404)
  async remove(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseConversationReferencePipe) id: string,
    @Param('messageId', ParseMessageIdPipe) messageId: string,
  ): Promise<{ success: true }> {
    await this.feedback.remove(team, id, messageId);
    return { success: true };
  }

  @ApiTags('usage')
  @Permission('team.read')
  @ApiOperation({ summary: 'Ratings of replies per agent and model (the team\'s for owners and admins, the caller\'s for members)' })
  @ApiOkResponse({ type: FeedbackReportResponse })
  @Get('usage/feedback')
  async report(@ActiveTeam() team: TeamContext, @Query() query: FeedbackQueryDto): Promise<FeedbackReportResponse> {
    const { from, to } = await this.usage.range(query);
    const scope = MANAGERS.includes(team.role) ? 'team' : 'own';
    const rows = await this.feedback.counts(team.teamId, scope === 'team' ? null : team.userId, from, to);
    return { scope, from: from.toISOString(), to: to.toISOString(), rows };
  }
}
