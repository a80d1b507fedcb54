import { ApiProperty } from '@nestjs/swagger';
import type { UIMessage } from 'ai';

/** One version at a fork: a reply generated again, or a user message as it was before an edit. */
export class BranchVersionResponse {
  @ApiProperty({ description: 'Names the version for POST …/branches' })
  id: string;

  @ApiProperty({ description: 'Whether it is the version the history shows' })
  current: boolean;

  @ApiProperty({ enum: ['system', 'user', 'assistant'], description: "The role of the version's first message" })
  role: string;

  @ApiProperty({ description: "The start of its first message's text" })
  preview: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

/** A place in the history shown where other versions are kept. */
export class ForkResponse {
  @ApiProperty({ description: 'The message shown at the fork, which each version replaces' })
  messageId: string;

  @ApiProperty({ type: [BranchVersionResponse], description: 'Oldest first, the one shown included' })
  versions: BranchVersionResponse[];
}

export class BranchesResponse {
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'The history shown (UIMessage[]), as GET /api/assistant/history returns it' })
  messages: UIMessage[];

  @ApiProperty({ type: [ForkResponse] })
  forks: ForkResponse[];
}
