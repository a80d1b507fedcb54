import { Controller, Get, Param, ParseUUIDPipe, Query, Req, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../teams/auth/public.decorator.js';
import { type LinkClient, ApprovalsService } from './approvals.service.js';
import { sendLinkOutcome, sendRejectForm, wantsHtml } from './link-response.js';

/** The links in approval mails: no session, the token is the credential. */
@ApiTags('approvals')
@Controller('workflows')
export class ApprovalsController {
  constructor(private readonly approvals: ApprovalsService) {}

  @Public()
  @Get('resume')
  @ApiQuery({ name: 'token', required: true, description: 'Step approval JWT from the email (2 h)' })
  @ApiQuery({ name: 'action', required: true, enum: ['approve', 'reject'] })
  @ApiQuery({ name: 'note', required: false, description: 'Feedback for the agent, with reject' })
  async resume(@Query() query: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    const outcome = await this.approvals.resume(
      { token: single(query.token), action: single(query.action), note: single(query.note) },
      clientOf(request),
      wantsHtml(request),
    );
    if (outcome.kind === 'reject-form') sendRejectForm(response, outcome.token);
    else sendLinkOutcome(request, response, outcome);
  }

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

/** A single query value; repeated or missing parameters read as absent. */
function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function clientOf(request: Request): LinkClient {
  return { method: request.method, ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}
