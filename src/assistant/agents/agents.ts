import { z } from 'zod';
import type { AgentDefinition } from './agent-definition.js';
import { financeAgent } from './finance.agent.js';
import { generalAgent } from './general.agent.js';
import { legalAgent } from './legal.agent.js';
import { socialAgent } from './social.agent.js';
import { videoAgent } from './video.agent.js';

/** Every agent, by id. Adding one is a file beside these and a line here. */
export const AGENTS = {
  social: socialAgent,
  video: videoAgent,
  finance: financeAgent,
  legal: legalAgent,
  general: generalAgent,
} satisfies Record<string, AgentDefinition>;

export type AgentId = keyof typeof AGENTS;
export const AGENT_IDS = Object.keys(AGENTS) as AgentId[];
/** The agent for anything no other agent fits. */
export const FALLBACK_AGENT: AgentId = 'general';

/** An agent id in a structured model output (routing, plans). */
export const agentIdSchema = z.enum(AGENT_IDS as [AgentId, ...AgentId[]]);

export function isAgentId(value: string): value is AgentId {
  return Object.hasOwn(AGENTS, value);
}
