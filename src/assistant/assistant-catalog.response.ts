import type { ToolName } from './tools/index.js';

export interface AgentResponse {
  id: string;
  niche: string;
  description: string;
  tools: readonly ToolName[];
}

export interface ModelsResponse {
  /** Used when a request names no model and its agent has no default of its own. */
  defaultModel: string;
  models: string[];
}
