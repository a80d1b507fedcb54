import type { AgentId } from '../../../src/assistant/agents/agents.js';

/** Keyed by the server's agent ids, so a new agent there fails the type check here. */
export const AGENT_LABELS: Record<AgentId, string> = {
  social: 'Social',
  video: 'Video',
  finance: 'Finance',
  legal: 'Legal',
  general: 'General',
};
export const AGENT_IDS = Object.keys(AGENT_LABELS) as AgentId[];

export function isAgentId(id: string): id is AgentId {
  return Object.hasOwn(AGENT_LABELS, id);
}

export function agentLabel(id: string): string {
  return isAgentId(id) ? AGENT_LABELS[id] : id;
}
