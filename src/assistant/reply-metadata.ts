import type { AgentId } from './agents/agents.js';

/** Message metadata on every reply: which agent and model answered, in which conversation. */
export interface ReplyMetadata {
  agentId: AgentId;
  modelId: string;
  conversationId: string;
  usage?: { inputTokens?: number; outputTokens?: number };
  /** Set on a reply that was stopped before it ended: it holds what was generated until then. */
  stopped?: true;
}
