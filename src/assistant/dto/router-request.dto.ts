import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

/**
 * SPEC §4 POST /api/assistant/router. Each message is checked in depth as a UIMessage by the
 * service (ChatStreamService). The optional fields may also be null, read as absent.
 */
export class RouterRequestDto {
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'UIMessage[]: the conversation as the chat client holds it' })
  @IsArray()
  @ArrayMinSize(1, { message: 'messages must contain at least one message' })
  @ArrayMaxSize(1000)
  @IsObject({ each: true, message: 'each message must be an object' })
  messages: Record<string, unknown>[];

  @ApiPropertyOptional({ format: 'uuid', nullable: true, description: 'Omit to start a new conversation' })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId must be a conversation id (UUID)' })
  conversationId?: string | null;

  @ApiPropertyOptional({ example: 'social', nullable: true, description: 'Skips routing and forces this agent' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  agentId?: string | null;

  @ApiPropertyOptional({ example: 'offline', nullable: true, description: "Overrides the agent's model: `offline` or `openai:<model>`" })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  modelId?: string | null;
}
