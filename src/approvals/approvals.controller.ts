import { Controller, Get, Param, ParseUUIDPipe, Query, Req, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../teams/auth/public.decorator.js';
import { type LinkClient, ApprovalsService } from './approvals.service.js';
import { sendLinkOutcome } from './link-response.js';

/** The links in approval mails: no session, the token is the credential. */
@ApiTags('approvals')
@Controller('workflows')
export class ApprovalsController {
  constructor(private readonly approvals: ApprovalsService) {}

  @Public()
  @Get(':id/approve')
  @ApiQuery({ name: 'token', required: true, description: 'Plan approval JWT from the email (24 h)' })
  async approve(
    @Param('id', ParseUUIDPipe) id: string,
    @Query('token') token: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendLinkOutcome(request, response, await this.approvals.approvePlan(id, token, clientOf(request)));
  }
}

function clientOf(request: Request): LinkClient {
  return { method: request.method, ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}
