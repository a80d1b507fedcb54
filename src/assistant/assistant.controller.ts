import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { PlanRateLimit } from '../teams/rate-limit/rate-limit.decorator.js';
import { ChatStreamService } from './chat-stream.service.js';
import { RouterRequestDto } from './dto/router-request.dto.js';

@ApiTags('assistant')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('assistant')
export class AssistantController {
  constructor(private readonly chat: ChatStreamService) {}

  /** Routes the conversation to an agent and streams its reply (AI SDK UI message stream, SSE). */
  @PlanRateLimit()
  @Post('router')
  @ApiOkResponse({ description: 'text/event-stream; header x-conversation-id names the conversation' })
  reply(@ActiveTeam() team: TeamContext, @Body() request: RouterRequestDto, @Res() response: Response): Promise<void> {
    return this.chat.reply(team, request, response);
  }
}
