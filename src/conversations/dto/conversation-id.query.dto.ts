import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { CONVERSATION_REFERENCE, CONVERSATION_REFERENCE_RULE } from '../conversations.service.js';

export class ConversationIdQueryDto {
  @ApiProperty({ description: "The conversation's id, or the chat id the client made for it" })
  @Matches(CONVERSATION_REFERENCE, { message: `id must be a conversation id or a chat id (${CONVERSATION_REFERENCE_RULE})` })
  id: string;
}
