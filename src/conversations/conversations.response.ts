import { ApiProperty } from '@nestjs/swagger';
import type { UIMessage } from 'ai';
import type { WorkflowRunSummary } from './entities/conversation.entity.js';

class WorkflowReference {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;
}

/** A workflow run's conversation: the run as the runs module last summarised it. */
class WorkflowRunSummaryResponse implements WorkflowRunSummary {
  @ApiProperty({ type: 'integer' })
  id: number;

  @ApiProperty({ example: 'running' })
  status: string;

  @ApiProperty({ type: 'integer' })
  totalSteps: number;

  @ApiProperty()
  currentStepDescription: string;

  @ApiProperty({ type: WorkflowReference })
  workflow: WorkflowReference;
}

/** Who started a chat (null for a run's conversation, or once the account is deleted). */
export class ConversationAuthorResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;
}

export class ConversationResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: 'From the first user message, at most 100 characters' })
  title: string;

  @ApiProperty({ example: 'general', description: 'The niche of the agent that answered last' })
  niche: string;

  @ApiProperty({ type: WorkflowRunSummaryResponse, nullable: true, description: "A workflow run's conversation: the run" })
  workflowRun: WorkflowRunSummaryResponse | null;

  @ApiProperty({ description: "Shared with the team by its author: the others may read it and continue a copy of their own, not this chat" })
  shared: boolean;

  @ApiProperty({ type: ConversationAuthorResponse, nullable: true, description: "Who started it; null for a workflow run's conversation" })
  author: ConversationAuthorResponse | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', description: 'Last activity: the list is ordered by it' })
  updatedAt: string;
}

export class HistoryResponse {
  /** The AI SDK's UIMessage, as its useChat hook reads it: parts are text, files, tool calls and data. */
  @ApiProperty({
    type: 'array',
    description: "The AI SDK's UI messages (useChat reads them as they are), oldest first",
    items: {
      type: 'object',
      required: ['id', 'role', 'parts'],
      properties: {
        id: { type: 'string' },
        role: { type: 'string', enum: ['system', 'user', 'assistant'] },
        metadata: { description: 'What the server attached (the agent, usage, a stop)' },
        parts: { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } }, additionalProperties: true } },
      },
    },
  })
  messages: UIMessage[];

  @ApiProperty({ type: ConversationResponse })
  conversation: ConversationResponse;
}

/** A stop: the partial reply is kept, marked stopped. */
export class StoppedConversationResponse {
  @ApiProperty({ format: 'uuid' })
  conversationId: string;

  @ApiProperty({ enum: [true] })
  stopped: true;
}
