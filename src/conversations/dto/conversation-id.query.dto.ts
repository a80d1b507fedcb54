import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class ConversationIdQueryDto {
  @ApiProperty({ format: 'uuid', description: 'Conversation id' })
  @IsUUID('all', { message: 'id must be a conversation id (UUID)' })
  id: string;
}
