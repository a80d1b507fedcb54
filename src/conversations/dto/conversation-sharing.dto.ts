import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

/** PUT /api/assistant/conversations/:id/sharing: the author shares the chat with the team, or not. */
export class ConversationSharingDto {
  @ApiProperty({ description: 'true: the team may read it (not continue it); false: private again' })
  @IsBoolean({ message: 'shared must be a boolean' })
  shared: boolean;
}
