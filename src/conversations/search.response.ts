import { ApiProperty } from '@nestjs/swagger';
import { ConversationAuthorResponse } from './conversations.response.js';

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

  @ApiProperty({ description: "Whether it is a workflow run's conversation (the team's) rather than a chat" })
  workflowRun: boolean;

  @ApiProperty({ description: 'A chat its author shared with the team (read-only for the others)' })
  shared: boolean;

  @ApiProperty({ type: ConversationAuthorResponse, nullable: true, description: "Who started it; null for a workflow run's conversation" })
  author: ConversationAuthorResponse | null;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;

  @ApiProperty({ description: 'Whether the title matched' })
  titleMatched: boolean;

  @ApiProperty({ type: [SearchMatchResponse], description: 'Up to three matching messages of the history shown, in order' })
  matches: SearchMatchResponse[];
}
