import { Body, Controller, Get, Headers, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiJsonOrEventStream } from '../http/openapi/api-responses.decorator.js';
import type { Response } from 'express';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { OpenStream } from '../teams/auth/open-stream.decorator.js';
import { PlanRateLimit } from '../teams/rate-limit/rate-limit.decorator.js';
import { ChatCompletionsService } from './chat-completions.service.js';
import { ChatCompletionRequestDto } from './dto/chat-completion-request.dto.js';
import { ChatCompletion, ModelList, ModelObject } from './openai.response.js';
import { OpenAiTurnsService } from './openai-turns.service.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

/** OpenAI's chat completions API over the agents, at /v1 (outside /api) where OpenAI clients look for it. */
@ApiTags('openai')
@ApiBearerAuth()
@Controller('v1')
export class OpenAiApiController {
  constructor(
    private readonly completions: ChatCompletionsService,
    private readonly turns: OpenAiTurnsService,
  ) {}

  /** `router` and each agent. */
  @Permission('team.read')
  @ApiOperation({ summary: 'List models (OpenAI-compatible)' })
  @Get('models')
  @ApiOkResponse({ type: ModelList })
  models(): ModelList {
    return this.turns.models();
  }

  @Permission('team.read')
  @ApiOperation({ summary: 'Get a model (OpenAI-compatible)' })
  @Get('models/:id')
  @ApiOkResponse({ type: ModelObject })
  model(@Param('id') id: string): ModelObject {
    return this.turns.model(id);
  }

  @Permission('conversation.write')
  @PlanRateLimit()
  @OpenStream()
  @ApiOperation({ summary: 'Create a chat completion (OpenAI-compatible)' })
  @Post('chat/completions')
  // An unknown model, conversation or previous response: OpenAI's model_not_found / not found.
  @ApiErrors(404)
  @ApiHeader({ name: 'X-Conversation-Id', required: false, description: 'The same as the body\'s conversation_id' })
  @ApiJsonOrEventStream(ChatCompletion, 'A chat.completion, or (stream: true) chat.completion.chunk events', {
    'x-conversation-id': 'The conversation the reply belongs to',
  })
  complete(
    @ActiveTeam() team: TeamContext,
    @Body() request: ChatCompletionRequestDto,
    @Headers('x-conversation-id') conversationId: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    return this.completions.complete(team, request, conversationId, response);
  }
}
