import { IGNORED_SETTING_MAX_LENGTH, IgnoredModelSettingsDto } from './ignored-model-settings.dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
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
import { StreamOptionsDto } from './chat-completion-request.dto.js';

const INPUT_MAX_ITEMS = 1000;
/**
 * A text field's cap, as on every route (docs/decisions/hostile-input.md): `input` as a plain
 * string is a prompt; longer texts go in message items, whose texts the router caps at 100,000.
 */
const INPUT_TEXT_MAX_LENGTH = 8000;
const INSTRUCTIONS_MAX_LENGTH = 8000;

/** The Responses API's `input`: a text, or a non-empty list of items (each checked by `toResponsesMessages`). */
function IsResponseInput(): PropertyDecorator {
  return ValidateBy({
    name: 'isResponseInput',
    validator: {
      validate: (value: unknown) =>
        (typeof value === 'string' && value !== '' && value.length <= INPUT_TEXT_MAX_LENGTH) ||
        (Array.isArray(value) && value.length > 0 && value.length <= INPUT_MAX_ITEMS && value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))),
      defaultMessage: () => `input must be a text of 1–${INPUT_TEXT_MAX_LENGTH} characters (longer ones as message items) or 1–${INPUT_MAX_ITEMS} input items`,
    },
  });
}

/** `conversation`: a chat id, or `{id}` naming one. */
function IsConversationField(): PropertyDecorator {
  return ValidateBy({
    name: 'isConversationField',
    validator: {
      validate: (value: unknown) => {
        const id = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 ? (value as { id?: unknown }).id : value;
        return typeof id === 'string' && CONVERSATION_REFERENCE.test(id);
      },
      defaultMessage: () => `conversation must be a chat id (${CONVERSATION_REFERENCE_RULE}) or {"id": <chat id>}`,
    },
  });
}

/**
 * OpenAI's Responses API request, as far as it means something here; the rest of what OpenAI
 * clients send by habit is accepted, within OpenAI's ranges, and ignored (the agents decide).
 */
export class ResponseRequestDto extends IgnoredModelSettingsDto {
  @ApiProperty({ type: String, example: 'router', description: '`router` (it picks the agent) or an agent id; GET /v1/models lists them' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  model: string;

  @ApiProperty({
    oneOf: [
      { type: 'string', minLength: 1, maxLength: INPUT_TEXT_MAX_LENGTH },
      { type: 'array', items: { type: 'object' }, minItems: 1, maxItems: INPUT_MAX_ITEMS },
    ],
    description: 'A text, or input items: messages (text and data: URL images) and item references',
  })
  @IsResponseInput()
  @FreeForm()
  input: string | Record<string, unknown>[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: INSTRUCTIONS_MAX_LENGTH,
    description: 'Accepted and echoed; ignored as system messages are: the agents have their own instructions',
  })
  @IsOptional()
  @IsString()
  @MaxLength(INSTRUCTIONS_MAX_LENGTH)
  instructions?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, nullable: true, description: 'Echoed in the response; not kept' })
  @IsOptional()
  @IsObject()
  @ValidateBy({
    name: 'isResponseMetadata',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' && value !== null && Object.entries(value).length <= 16 && Object.entries(value).every(([key, item]) => key.length <= 64 && typeof item === 'string' && item.length <= 512),
      defaultMessage: () => 'metadata must hold at most 16 strings of at most 512 characters, under keys of at most 64',
    },
  })
  @FreeForm()
  metadata?: Record<string, string> | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'Accepted; every response is kept, as its conversation is' })
  @IsOptional()
  @IsBoolean()
  store?: boolean | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'Server-sent Responses events instead of one response' })
  @IsOptional()
  @IsBoolean()
  stream?: boolean | null;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => StreamOptionsDto)
  stream_options?: StreamOptionsDto | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Continues the conversation of that response: only the last input message is added to it' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  previous_response_id?: string | null;

  @ApiPropertyOptional({
    // OpenAPI 3.0 has no null type: each alternative takes null, as `nullable` beside oneOf is not allowed.
    oneOf: [
      { type: 'string', pattern: CONVERSATION_REFERENCE.source, nullable: true },
      { type: 'object', properties: { id: { type: 'string' } }, nullable: true },
    ],
    description: 'The conversation kept under this chat id in the team (made on first use); only the last input message is added to it',
  })
  @IsOptional()
  @IsConversationField()
  @FreeForm()
  conversation?: string | { id: string } | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: '`format`: text, json_object, or json_schema with name and schema' })
  @IsOptional()
  @IsObject()
  @FreeForm()
  text?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, nullable: true, maxItems: 0, description: 'Must be empty: the agents run their own tools on the server' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(0, { message: 'tools cannot be sent: the agents run their own tools on the server' })
  tools?: unknown[] | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'Must be false: a response is answered while the request waits' })
  @IsOptional()
  @Equals(false, { message: 'background must be false: responses are answered while the request waits' })
  background?: boolean | null;

  // Accepted and ignored below (and in IgnoredModelSettingsDto): the agents choose their model settings and tools.

  @IsOptional()
  @IsInt()
  @Min(16)
  max_output_tokens?: number | null;

  @IsOptional()
  @IsInt()
  @Min(1)
  max_tool_calls?: number | null;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  top_logprobs?: number | null;

  @IsOptional()
  @IsObject()
  @FreeForm()
  reasoning?: Record<string, unknown> | null;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  include?: string[] | null;

  @IsOptional()
  @Matches(/^(auto|disabled)$/, { message: 'truncation must be "auto" or "disabled"' })
  truncation?: string | null;

  /** OpenAI's end-user id for abuse monitoring; it names no conversation here. */
  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  user?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  service_tier?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  prompt_cache_key?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  prompt_cache_retention?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(IGNORED_SETTING_MAX_LENGTH)
  safety_identifier?: string | null;
}
