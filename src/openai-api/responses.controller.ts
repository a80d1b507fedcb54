import { Body, Controller, Get, Headers, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiJsonOrEventStream } from '../http/openapi/api-responses.decorator.js';
import type { Response } from 'express';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import { OpenStream } from '../teams/auth/open-stream.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { Permission } from '../teams/permissions/permission.decorator.js';
import { PlanRateLimit } from '../teams/rate-limit/rate-limit.decorator.js';
import { ResponseRequestDto } from './dto/response-request.dto.js';
import { ResponseObject } from './openai.response.js';
import { ResponsesService } from './responses.service.js';

/** OpenAI's Responses API over the agents, at /v1 beside chat completions: what the AI SDK's default OpenAI provider and `client.responses` call. */
@ApiTags('openai')
@ApiBearerAuth()
@Controller('v1')
export class ResponsesController {
  constructor(private readonly responses: ResponsesService) {}

  @Permission('conversation.write')
  @PlanRateLimit()
  @OpenStream()
  @ApiOperation({ summary: 'Create a response (OpenAI Responses API)' })
  @Post('responses')
  // An unknown model, conversation or previous response: OpenAI's model_not_found / not found.
  @ApiErrors(404)
  @ApiHeader({ name: 'X-Conversation-Id', required: false, description: "The same as the body's conversation" })
  @ApiJsonOrEventStream(ResponseObject, 'A response, or (stream: true) Responses events', { 'x-conversation-id': 'The conversation the reply belongs to' })
  create(
    @ActiveTeam() team: TeamContext,
    @Body() request: ResponseRequestDto,
    @Headers('x-conversation-id') conversationId: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    return this.responses.create(team, request, conversationId, response);
  }

  @Permission('conversation.read')
  @ApiOperation({ summary: 'Get a stored response (OpenAI Responses API)' })
  @Get('responses/:id')
  @ApiOkResponse({ type: ResponseObject })
  retrieve(@ActiveTeam() team: TeamContext, @Param('id') id: string): Promise<ResponseObject> {
    return this.responses.retrieve(team, id);
  }
}
