import type { UIMessage } from 'ai';
import type { WorkflowRunSummary } from './entities/conversation.entity.js';

export interface ConversationResponse {
  id: string;
  title: string;
  niche: string;
  workflowRun: WorkflowRunSummary | null;
  createdAt: string;
  updatedAt: string;
}

export interface HistoryResponse {
  messages: UIMessage[];
  conversation: ConversationResponse;
}
