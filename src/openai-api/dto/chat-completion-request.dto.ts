import { IGNORED_SETTING_MAX_LENGTH, IgnoredModelSettingsDto } from './ignored-model-settings.dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { FreeForm } from '../../http/free-form.decorator.js';
import { CONVERSATION_REFERENCE, CONVERSATION_REFERENCE_RULE } from '../../conversations/conversations.service.js';

/** OpenAI's `stop`: a string, or up to four strings. */
function IsStopSequences(): PropertyDecorator {
  return ValidateBy({
    name: 'isStopSequences',
    validator: {
      validate: (value: unknown) => typeof value === 'string' || (Array.isArray(value) && value.length <= 4 && value.every((item) => typeof item === 'string')),
      defaultMessage: () => 'stop must be a string or up to 4 strings',
    },
  });
}

export class StreamOptionsDto {
  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'A last chunk with the usage and no choices, before [DONE]' })
  @IsOptional()
  @IsBoolean()
  include_usage?: boolean | null;

  /** Accepted and ignored: OpenAI pads chunks against side channels; nothing here needs it. */
  @IsOptional()
  @IsBoolean()
  include_obfuscation?: boolean | null;
}

/**
 * OpenAI's chat completion request, as far as it means something here. Each message is checked
 * in depth by `toChatMessages`. The sampling and output settings OpenAI clients send by habit
 * are accepted, within OpenAI's own ranges, and ignored (the agents decide); any other field is
 * refused, as on every route.
 */
export class ChatCompletionRequestDto extends IgnoredModelSettingsDto {
  @ApiProperty({ type: String, example: 'router', description: '`router` (it picks the agent) or an agent id; GET /v1/models lists them' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  model: string;

  @ApiProperty({ type: 'array', items: { type: 'object' }, description: "OpenAI chat messages; system, developer and tool messages are ignored" })
  @IsArray()
  @ArrayMinSize(1, { message: 'messages must contain at least one message' })
  @ArrayMaxSize(1000)
  @IsObject({ each: true, message: 'each message must be an object' })
  @FreeForm()
  messages: Record<string, unknown>[];

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'Server-sent chat.completion.chunk events instead of one chat.completion' })
  @IsOptional()
  @IsBoolean()
  stream?: boolean | null;

  @ApiPropertyOptional({ type: StreamOptionsDto, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => StreamOptionsDto)
  stream_options?: StreamOptionsDto | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: CONVERSATION_REFERENCE.source,
    example: 'support-chat-42',
    description: 'This service\'s extension: the conversation kept under this id in the team (made on first use); only the last user message is added to it',
  })
  @IsOptional()
  @Matches(CONVERSATION_REFERENCE, { message: `conversation_id must be a chat id (${CONVERSATION_REFERENCE_RULE})` })
  conversation_id?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: 1, description: 'Must be 1' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1, { message: 'n must be 1: one choice is generated per request' })
  n?: number | null;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, nullable: true, maxItems: 0, description: 'Must be empty: the agents run their own tools on the server' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(0, { message: 'tools cannot be sent: the agents run their own tools on the server' })
  tools?: unknown[] | null;

  // Accepted and ignored below (and in IgnoredModelSettingsDto): the agents choose their model settings and tools.

  @IsOptional()
  @IsInt()
  @Min(1)
  max_tokens?: number | null;

  @IsOptional()
  @IsInt()
  @Min(1)
  max_completion_tokens?: number | null;

  @IsOptional()
  @IsNumber()
  @Min(-2)
  @Max(2)
  presence_penalty?: number | null;

  @IsOptional()
  @IsNumber()
  @Min(-2)
  @Max(2)
  frequency_penalty?: number | null;

  @IsOptional()
  @IsObject()
  @FreeForm()
  logit_bias?: Record<string, number> | null;

  @IsOptional()
  @IsBoolean()
  logprobs?: boolean | null;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  top_logprobs?: number | null;

  @IsOptional()
  @IsInt()
  seed?: number | null;

  @IsOptional()
  @IsStopSequences()
  stop?: string | string[] | null;

  @IsOptional()
  @IsObject()
  @FreeForm()
  response_format?: Record<string, unknown> | null;

  /** OpenAI's end-user id for abuse monitoring; it names no conversation here. */
  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  user?: string | null;

  @IsOptional()
  @IsObject()
  @FreeForm()
  metadata?: Record<string, string> | null;

  @IsOptional()
  @IsBoolean()
  store?: boolean | null;

  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  reasoning_effort?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  verbosity?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  service_tier?: string | null;

  @IsOptional()
  @IsString({ each: true })
  @MaxLength(IGNORED_SETTING_MAX_LENGTH, { each: true })
  modalities?: string[] | null;

  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  prompt_cache_key?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  safety_identifier?: string | null;
}
