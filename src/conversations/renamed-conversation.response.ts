import { ApiProperty } from '@nestjs/swagger';

/** PATCH /api/assistant/conversations/:id. */
export class RenamedConversationResponse {
  @ApiProperty()
  id: string;

  @ApiProperty()
  title: string;
}
