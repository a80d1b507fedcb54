import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission } from '../teams/permissions/permission.decorator.js';
import { CreateWebhookDto, DeliveriesQueryDto, RedeliverEventDto, RedeliverRangeDto, UpdateWebhookDto } from './dto/webhook.dto.js';
import { DeliveriesResponse, RedeliveryResponse, WebhookResponse, WebhookWithSecretResponse } from './webhooks.response.js';
import { WebhooksService } from './webhooks.service.js';

@ApiTags('webhooks')
@ApiBearerAuth()
@ApiCookieAuth()
@ApiForbiddenResponse({ description: "Only the team's owners and admins see and manage its webhooks" })
@ApiNotFoundResponse({ description: 'Not a team of the caller, or no such webhook in it' })
@Controller('teams/:id/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Permission('team.webhooks.manage', { teamParam: 'id' })
  @ApiOperation({ summary: 'Add a webhook endpoint' })
  @Post()
  @ApiCreatedResponse({ type: WebhookWithSecretResponse, description: 'The endpoint with its secret (`whsec_…`), shown this once' })
  @ApiBadRequestResponse({ description: 'The URL is refused by the outbound policy (private address, plain http, …) or an event type is unknown' })
  create(@Param('id', ParseUUIDPipe) teamId: string, @Body() dto: CreateWebhookDto): Promise<WebhookWithSecretResponse> {
    return this.webhooks.create(teamId, dto);
  }

  @Permission('team.webhooks.read', { teamParam: 'id' })
  @ApiOperation({ summary: "List a team's webhook endpoints" })
  @Get()
  @ApiOkResponse({ type: [WebhookResponse], description: "The team's endpoints, without secrets" })
  list(@Param('id', ParseUUIDPipe) teamId: string): Promise<WebhookResponse[]> {
    return this.webhooks.list(teamId);
  }

  @Permission('team.webhooks.read', { teamParam: 'id' })
  @ApiOperation({ summary: 'Get a webhook endpoint' })
  @Get(':webhookId')
  @ApiOkResponse({ type: WebhookResponse, description: 'The endpoint, without its secret' })
  get(@Param('id', ParseUUIDPipe) teamId: string, @Param('webhookId', ParseUUIDPipe) id: string): Promise<WebhookResponse> {
    return this.webhooks.get(teamId, id);
  }

  @Permission('team.webhooks.manage', { teamParam: 'id' })
  @ApiOperation({ summary: 'Change a webhook endpoint' })
  @Patch(':webhookId')
  @ApiOkResponse({ type: WebhookResponse, description: 'The endpoint as changed; `enabled: true` re-enables one disabled after failing' })
  @ApiBadRequestResponse({ description: 'The URL is refused by the outbound policy, or a field is malformed' })
  update(@Param('id', ParseUUIDPipe) teamId: string, @Param('webhookId', ParseUUIDPipe) id: string, @Body() dto: UpdateWebhookDto): Promise<WebhookResponse> {
    return this.webhooks.update(teamId, id, dto);
  }

  @Permission('team.webhooks.manage', { teamParam: 'id' })
  @ApiOperation({ summary: 'Delete a webhook endpoint' })
  @Delete(':webhookId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with its deliveries' })
  delete(@Param('id', ParseUUIDPipe) teamId: string, @Param('webhookId', ParseUUIDPipe) id: string): Promise<void> {
    return this.webhooks.delete(teamId, id);
  }

  @Permission('team.webhooks.manage', { teamParam: 'id' })
  @ApiOperation({ summary: "Rotate a webhook endpoint's signing secret" })
  @Post(':webhookId/rotate-secret')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookWithSecretResponse, description: 'The endpoint with its new secret, shown this once; the old one also signs until previousSecretExpiresAt' })
  rotateSecret(@Param('id', ParseUUIDPipe) teamId: string, @Param('webhookId', ParseUUIDPipe) id: string): Promise<WebhookWithSecretResponse> {
    return this.webhooks.rotateSecret(teamId, id);
  }

  @Permission('team.webhooks.read', { teamParam: 'id' })
  @ApiOperation({ summary: "List a webhook endpoint's deliveries" })
  @Get(':webhookId/deliveries')
  @ApiOkResponse({ type: DeliveriesResponse, description: 'The deliveries, newest first' })
  deliveries(@Param('id', ParseUUIDPipe) teamId: string, @Param('webhookId', ParseUUIDPipe) id: string, @Query() query: DeliveriesQueryDto): Promise<DeliveriesResponse> {
    return this.webhooks.deliveries(teamId, id, query.limit ?? 50);
  }

  @Permission('team.webhooks.manage', { teamParam: 'id' })
  @ApiOperation({ summary: 'Deliver one event again' })
  @Post(':webhookId/redeliver')
  @HttpCode(200)
  @ApiOkResponse({ type: RedeliveryResponse, description: 'The event goes out again, with its webhook-id, after the deliveries before it' })
  redeliverEvent(@Param('id', ParseUUIDPipe) teamId: string, @Param('webhookId', ParseUUIDPipe) id: string, @Body() dto: RedeliverEventDto): Promise<RedeliveryResponse> {
    return this.webhooks.redeliverEvent(teamId, id, dto.eventId);
  }

  @Permission('team.webhooks.manage', { teamParam: 'id' })
  @ApiOperation({ summary: 'Deliver the events of a time range again' })
  @Post(':webhookId/redeliver-range')
  @HttpCode(200)
  @ApiOkResponse({ type: RedeliveryResponse, description: 'Every event of [from, to) this endpoint was sent goes out again, in order' })
  @ApiBadRequestResponse({ description: 'from or to is not an ISO 8601 date, or from is not before to' })
  redeliverRange(@Param('id', ParseUUIDPipe) teamId: string, @Param('webhookId', ParseUUIDPipe) id: string, @Body() dto: RedeliverRangeDto): Promise<RedeliveryResponse> {
    return this.webhooks.redeliverRange(teamId, id, dto);
  }
}
