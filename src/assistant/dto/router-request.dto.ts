import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { FreeForm } from '../../http/free-form.decorator.js';
import { CONVERSATION_REFERENCE, CONVERSATION_REFERENCE_RULE } from '../../conversations/conversations.service.js';
import { CHAT_TRIGGERS, type ChatTrigger } from '../chat-turn.js';
import { MESSAGE_ID_MAX_LENGTH } from '../client-messages.js';

/**
 * SPEC §4 POST /api/assistant/router, and the body the AI SDK's default chat transport posts
 * (`id`, `trigger`, `messageId`). Each message is checked in depth as a UIMessage by the service
 * (ChatStreamService). The optional fields may also be null, read as absent.
 */
export class RouterRequestDto {
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'UIMessage[]: the conversation as the chat client holds it' })
  @IsArray()
  @ArrayMinSize(1, { message: 'messages must contain at least one message' })
  @ArrayMaxSize(1000)
  @IsObject({ each: true, message: 'each message must be an object' })
  @FreeForm()
  messages: Record<string, unknown>[];

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'Omit to start a new conversation' })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId must be a conversation id (UUID)' })
  conversationId?: string | null;

  @ApiPropertyOptional({
    type: String,
    example: 'Xp3fQ8aZk1LmN0c2',
    pattern: CONVERSATION_REFERENCE.source,
    nullable: true,
    description: 'The chat id the client made (useChat sends it): the conversation kept under it in the team, started by the first message',
  })
  @IsOptional()
  @Matches(CONVERSATION_REFERENCE, { message: `id must be a chat id (${CONVERSATION_REFERENCE_RULE})` })
  id?: string | null;

  @ApiPropertyOptional({ enum: CHAT_TRIGGERS, nullable: true, description: '`regenerate-message` replaces the reply to the last user message' })
  @IsOptional()
  @IsIn(CHAT_TRIGGERS, { message: `trigger must be one of: ${CHAT_TRIGGERS.join(', ')}` })
  trigger?: ChatTrigger | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'With regenerate-message: the reply being replaced; with a submit: the user message edited (the last message, under its id), from which the conversation branches' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MESSAGE_ID_MAX_LENGTH)
  messageId?: string | null;

  @ApiPropertyOptional({ type: String, example: 'social', nullable: true, description: 'Skips routing and forces this agent' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  agentId?: string | null;

  @ApiPropertyOptional({ type: String, example: 'offline', nullable: true, description: "Overrides the agent's model: `offline` or `openai:<model>`" })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  modelId?: string | null;
}
