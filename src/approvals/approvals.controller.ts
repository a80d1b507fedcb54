import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiErrorPages, ApiHtmlPage, ApiRedirect } from '../http/openapi/api-responses.decorator.js';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags, type SchemaObject } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { auditContextOf } from '../audit-events/audit-context.js';
import type { AppConfig } from '../config/configuration.js';
import { CanonicalUuidPipe } from '../http/canonical-uuid.pipe.js';
import { CredentialInRequest } from '../http/credential-in-request.decorator.js';
import { Public } from '../common/public.decorator.js';
import { NOTE_MAX_LENGTH } from './approval-limits.js';
import { type LinkClient, ApprovalsService } from './approvals.service.js';
import { type LinkPageDestination, sendLinkOutcome, wantsHtml, workflowNamedIn } from './link-response.js';

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
  private readonly dashboardUrl: string;

  constructor(
    private readonly approvals: ApprovalsService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.dashboardUrl = `${config.get('app', { infer: true }).frontendUrl}/dashboard/`;
  }

  @Public()
  @ApiOperation({ summary: 'Open a step approval link from the mail' })
  @Get('resume')
  @ApiHtmlPage(200, 'The confirmation page (APPROVAL_LINKS=confirm), or the page a link scanner gets; nothing changed')
  @ApiRedirect(302, 'Decided: on to the workflow page')
  @ApiErrorPages(400, 404, 409, 410)
  @ApiQuery({ name: 'token', required: true, description: 'Step approval JWT from the email (2 h)' })
  @ApiQuery({ name: 'action', required: true, enum: ['approve', 'reject'] })
  @ApiQuery({ name: 'note', required: false, type: String, description: 'Feedback for the agent, with reject' })
  async openStepLink(@Query() query: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    const outcome = await this.approvals.openStepLink(query, clientOf(request), wantsHtml(request));
    sendLinkOutcome(request, response, outcome, this.destination(workflowNamedIn(query.token)));
  }

  /** The confirmation page's button (and the note form's): the step link's fields as a form post. */
  @Public()
  @ApiOperation({ summary: "Decide a step by its approval link (the confirmation page's form)" })
  @Post('resume')
  @ApiHtmlPage(200, 'The page a link scanner gets; nothing changed')
  @ApiRedirect(303, 'Decided: on to the workflow page')
  @ApiErrorPages(400, 404, 409, 410)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ schema: STEP_LINK_FORM })
  async resume(@Body() body: Record<string, unknown> | undefined, @Req() request: Request, @Res() response: Response): Promise<void> {
    const fields = body ?? {};
    sendLinkOutcome(request, response, await this.approvals.resume(fields, clientOf(request), false), this.destination(workflowNamedIn(fields.token)));
  }

  @Public()
  @ApiOperation({ summary: 'Open a plan approval link from the mail' })
  @Get(':id/approve')
  @ApiHtmlPage(200, 'The confirmation page (APPROVAL_LINKS=confirm), or the page a link scanner gets; nothing changed')
  @ApiRedirect(302, 'Approved: on to the workflow page')
  @ApiErrorPages(400, 404, 409, 410)
  @ApiQuery({ name: 'token', required: true, description: 'Plan approval JWT from the email (24 h)' })
  async openPlanLink(
    @Param('id', CanonicalUuidPipe) id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendLinkOutcome(request, response, await this.approvals.openPlanLink(id, query, clientOf(request)), this.destination(id));
  }

  /** The confirmation page's button: the plan link's token as a form post. */
  @Public()
  @ApiOperation({ summary: "Approve a plan by its link (the confirmation page's form)" })
  @Post(':id/approve')
  @ApiHtmlPage(200, 'The page a link scanner gets; nothing changed')
  @ApiRedirect(303, 'Approved: on to the workflow page')
  @ApiErrorPages(400, 404, 409, 410)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ schema: PLAN_LINK_FORM })
  async approve(
    @Param('id', CanonicalUuidPipe) id: string,
    @Body() body: Record<string, unknown> | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendLinkOutcome(request, response, await this.approvals.approvePlan(id, body ?? {}, clientOf(request)), this.destination(id));
  }

  /** Where a link's page leads on: its workflow's page, or the dashboard when it names none. */
  private destination(workflowId: string | undefined): LinkPageDestination {
    return { workflowUrl: workflowId ? this.approvals.workflowPage(workflowId) : null, dashboardUrl: this.dashboardUrl };
  }
}

function clientOf(request: Request): LinkClient {
  return { ...auditContextOf(request), method: request.method };
}
