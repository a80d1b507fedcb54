import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/public.decorator.js';
import type { AppConfig } from '../config/configuration.js';
import { ApiErrorPages, ApiHtmlPage } from '../http/openapi/api-responses.decorator.js';
import { CredentialInRequest } from '../http/credential-in-request.decorator.js';
import { ApprovalDigestUnsubscribeService } from './approval-digest-unsubscribe.service.js';
import { type LinkPageDestination, sendLinkOutcome } from './link-response.js';

const TOKEN_QUERY = { name: 'token', required: true, description: "The unsubscribe JWT from the digest mail (no expiry; it names its person)" } as const;

/**
 * The daily digest's unsubscribe link: no session, the signed token names the person. A GET (a
 * browser, or a scanner opening the link) shows a page whose button posts; the POST, that button's
 * or a mail client's one-click (RFC 8058, `List-Unsubscribe=One-Click`), turns the digest off.
 */
@ApiTags('approvals')
@CredentialInRequest()
@Controller('approvals/digest')
export class ApprovalDigestController {
  private readonly destination: LinkPageDestination;

  constructor(
    private readonly unsubscribes: ApprovalDigestUnsubscribeService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.destination = { workflowUrl: null, dashboardUrl: `${config.get('app', { infer: true }).frontendUrl}/dashboard/account` };
  }

  @Public()
  @ApiOperation({ summary: "Open the digest mail's unsubscribe link: a page whose button unsubscribes" })
  @Get('unsubscribe')
  @ApiHtmlPage(200, 'The confirmation page; nothing changed')
  @ApiErrorPages(400)
  @ApiQuery(TOKEN_QUERY)
  async open(@Query() query: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    sendLinkOutcome(request, response, await this.unsubscribes.confirmation(query.token), this.destination);
  }

  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop the daily approvals digest by its link (the page\'s button, or a mail client\'s one-click post)' })
  @Post('unsubscribe')
  @ApiHtmlPage(200, 'Unsubscribed')
  @ApiErrorPages(400)
  @ApiQuery({ ...TOKEN_QUERY, required: false })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ required: false, schema: { type: 'object', properties: { token: { type: 'string', description: 'The token, when not in the query (the page\'s form)' } } } })
  async unsubscribe(
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown> | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendLinkOutcome(request, response, await this.unsubscribes.unsubscribe(query.token ?? body?.token), this.destination);
  }
}
