import { ApiProperty } from '@nestjs/swagger';

export class SearchMatchResponse {
  @ApiProperty()
  messageId: string;

  @ApiProperty({ enum: ['system', 'user', 'assistant'] })
  role: string;

  @ApiProperty({ description: 'The words around each word searched (a fragment per word, joined by …), each matched word in **bold** (Markdown)' })
  snippet: string;
}

/** A conversation a search found: by its title, its messages, or both. */
export class SearchHitResponse {
  @ApiProperty()
  conversationId: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ description: "Whether it is a workflow run's conversation (the team's) rather than the caller's own chat" })
  workflowRun: boolean;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;

  @ApiProperty({ description: 'Whether the title matched' })
  titleMatched: boolean;

  @ApiProperty({ type: [SearchMatchResponse], description: 'Up to three matching messages of the history shown, in order' })
  matches: SearchMatchResponse[];
}
