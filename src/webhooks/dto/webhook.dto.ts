import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsISO8601, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageLimit } from '../../http/page-query.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../webhook-events/webhook-event-types.js';

const URL_MAX_LENGTH = 2048;
const DESCRIPTION_MAX_LENGTH = 500;
const DATE_MAX_LENGTH = 40;
const EVENT_TYPES_MESSAGE = `eventTypes must be a list of: ${WEBHOOK_EVENT_TYPES.join(', ')}`;

export class CreateWebhookDto {
  @ApiProperty({ description: 'https URL the events are POSTed to (plain http and private addresses only when the operator allows them)', maxLength: URL_MAX_LENGTH })
  @IsString()
  @MaxLength(URL_MAX_LENGTH)
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, description: 'The events to receive, at least one' })
  @IsArray({ message: EVENT_TYPES_MESSAGE })
  @ArrayMinSize(1, { message: EVENT_TYPES_MESSAGE })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: EVENT_TYPES_MESSAGE })
  @ArrayUnique({ message: 'eventTypes must not repeat an event type' })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENT_TYPES_MESSAGE })
  eventTypes!: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  description?: string;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: URL_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(URL_MAX_LENGTH)
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsOptional()
  @IsArray({ message: EVENT_TYPES_MESSAGE })
  @ArrayMinSize(1, { message: EVENT_TYPES_MESSAGE })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: EVENT_TYPES_MESSAGE })
  @ArrayUnique({ message: 'eventTypes must not repeat an event type' })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENT_TYPES_MESSAGE })
  eventTypes?: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiPropertyOptional({ description: 'true re-enables an endpoint disabled after failing; its waiting events then go out in order' })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class DeliveriesQueryDto {
  @PageLimit(100, 50)
  limit?: number;
}

export class RedeliverEventDto {
  @ApiProperty({ description: 'The id of an event this endpoint was sent (a delivery\'s eventId)' })
  @IsUUID('all', { message: 'eventId must be an event id' })
  eventId!: string;
}

export class RedeliverRangeDto {
  @ApiProperty({ description: 'ISO 8601 date, inclusive', maxLength: DATE_MAX_LENGTH })
  @MaxLength(DATE_MAX_LENGTH)
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date' })
  from!: string;

  @ApiProperty({ description: 'ISO 8601 date, exclusive', maxLength: DATE_MAX_LENGTH })
  @MaxLength(DATE_MAX_LENGTH)
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date' })
  to!: string;
}
