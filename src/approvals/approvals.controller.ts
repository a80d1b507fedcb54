import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiQuery, ApiTags, type SchemaObject } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CredentialInRequest } from '../http/credential-in-request.decorator.js';
import { Public } from '../teams/auth/public.decorator.js';
import { NOTE_MAX_LENGTH } from './approval-limits.js';
import { type LinkClient, type ResumeQuery, ApprovalsService } from './approvals.service.js';
import { sendLinkOutcome, wantsHtml } from './link-response.js';

/** The fields of a link's form post, as documented; the service checks them (a scanner's post is ignored first). */
const STEP_LINK_FORM: SchemaObject = {
  type: 'object',
  required: ['token', 'action'],
  properties: {
    token: { type: 'string', description: 'Step approval JWT from the email (2 h)' },
    action: { type: 'string', enum: ['approve', 'reject'] },
    note: { type: 'string', maxLength: NOTE_MAX_LENGTH, description: 'Feedback for the agent, with reject' },
  },
};
const PLAN_LINK_FORM: SchemaObject = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', description: 'Plan approval JWT from the email (24 h)' } },
};

/** The links in approval mails: no session, the token is the credential. */
@ApiTags('approvals')
@CredentialInRequest()
@Controller('workflows')
export class ApprovalsController {
  constructor(private readonly approvals: ApprovalsService) {}

  @Public()
  @Get('resume')
  @ApiQuery({ name: 'token', required: true, description: 'Step approval JWT from the email (2 h)' })
  @ApiQuery({ name: 'action', required: true, enum: ['approve', 'reject'] })
  @ApiQuery({ name: 'note', required: false, type: String, description: 'Feedback for the agent, with reject' })
  async openStepLink(@Query() query: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    sendLinkOutcome(request, response, await this.approvals.openStepLink(resumeQuery(query), clientOf(request), wantsHtml(request)));
  }

  /** The confirmation page's button (and the note form's): the step link's fields as a form post. */
  @Public()
  @Post('resume')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ schema: STEP_LINK_FORM })
  async resume(@Body() body: Record<string, unknown> | undefined, @Req() request: Request, @Res() response: Response): Promise<void> {
    sendLinkOutcome(request, response, await this.approvals.resume(resumeQuery(body ?? {}), clientOf(request), false));
  }

  @Public()
  @Get(':id/approve')
  @ApiQuery({ name: 'token', required: true, description: 'Plan approval JWT from the email (24 h)' })
  async openPlanLink(
    @Param('id', ParseUUIDPipe) id: string,
    @Query('token') token: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendLinkOutcome(request, response, await this.approvals.openPlanLink(id, single(token), clientOf(request)));
  }

  /** The confirmation page's button: the plan link's token as a form post. */
  @Public()
  @Post(':id/approve')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ schema: PLAN_LINK_FORM })
  async approve(
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: Record<string, unknown> | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendLinkOutcome(request, response, await this.approvals.approvePlan(id, single(body?.token), clientOf(request)));
  }
}

function resumeQuery(fields: Record<string, unknown>): ResumeQuery {
  return { token: single(fields.token), action: single(fields.action), note: single(fields.note) };
}

/** A single query or form value; repeated or missing fields read as absent. */
function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function clientOf(request: Request): LinkClient {
  return { method: request.method, ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}
