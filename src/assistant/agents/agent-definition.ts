import type { ToolName } from '../tools/index.js';

/** One agent: what it is for, how it is told to behave, and which tools it may call. */
export interface AgentDefinition {
  /** Shown as the conversation's niche. */
  niche: string;
  /** One line for the router's classification prompt. */
  description: string;
  instructions: string;
  tools: readonly ToolName[];
  /** A model id that overrides DEFAULT_MODEL for this agent (a request's modelId overrides both). */
  defaultModel?: string;
}
