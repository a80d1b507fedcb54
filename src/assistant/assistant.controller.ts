import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiEventStream } from '../http/openapi/api-responses.decorator.js';
import type { Response } from 'express';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { ParseConversationReferencePipe } from '../conversations/conversation-reference.pipe.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { OpenStream } from '../teams/auth/open-stream.decorator.js';
import { PlanRateLimit } from '../teams/rate-limit/rate-limit.decorator.js';
import { ModelRegistry } from '../llm/model-registry.service.js';
import { AGENT_IDS, AGENTS } from './agents/agents.js';
import { AgentResponse, ModelsResponse } from './assistant-catalog.response.js';
import { ChatStreamService } from './chat-stream.service.js';
import { ConversationRepliesService } from './conversation-replies.service.js';
import { RouterRequestDto } from './dto/router-request.dto.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

@ApiTags('assistant')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('assistant')
export class AssistantController {
  constructor(
    private readonly chat: ChatStreamService,
    private readonly replies: ConversationRepliesService,
    private readonly models: ModelRegistry,
  ) {}

  /** The agents a message can be sent to with `agentId` (the router picks one otherwise). */
  @Permission('team.read')
  @ApiOperation({ summary: 'List the agents the router can pick' })
  @ApiOkResponse({ type: [AgentResponse] })
  @Get('agents')
  agents(): AgentResponse[] {
    return AGENT_IDS.map((id) => ({ id, niche: AGENTS[id].niche, description: AGENTS[id].description, tools: AGENTS[id].tools }));
  }

  /** The models a client can offer for `modelId`. */
  @Permission('team.read')
  @ApiOperation({ summary: 'List the models a request may choose' })
  @ApiOkResponse({ type: ModelsResponse })
  @Get('models')
  listModels(): ModelsResponse {
    return { defaultModel: this.models.defaultModelId, models: this.models.offered() };
  }

  /** Routes the conversation to an agent and streams its reply (AI SDK UI message stream, SSE). */
  @Permission('conversation.write')
  @PlanRateLimit()
  @OpenStream()
  @ApiOperation({ summary: 'Send a chat message: the reply streams as an AI SDK UI message stream' })
  @Post('router')
  @ApiEventStream('The reply as an AI SDK UI message stream', { 'x-conversation-id': 'The conversation the reply belongs to' })
  // 500: the agent failed before its reply began to stream (the spec's "agent execution error").
  @ApiErrors(402, 404, 409, 500)
  reply(@ActiveTeam() team: TeamContext, @Body() request: RouterRequestDto, @Audit() audit: AuditContext, @Res() response: Response): Promise<void> {
    return this.chat.reply(team, request, response, audit);
  }

  /**
   * Resumes the reply being generated (the path `useChat` calls with `resume: true`): the whole
   * stream from its first chunk, then live; 204 when nothing is being generated. `:id` is the
   * conversation's id or the client's chat id.
   */
  @Permission('conversation.read')
  @OpenStream()
  @ApiOperation({ summary: 'Resume the stream of a reply in progress' })
  @Get('router/:id/stream')
  @ApiEventStream('The reply being generated: the whole stream from its first chunk, then live', {
    'x-conversation-id': 'The conversation the reply belongs to',
  })
  @ApiNoContentResponse({ description: 'Nothing is being generated' })
  resume(@ActiveTeam() team: TeamContext, @Param('id', ParseConversationReferencePipe) id: string, @Res() response: Response): Promise<void> {
    return this.replies.resume(team, id, response);
  }
}
