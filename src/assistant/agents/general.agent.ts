import type { AgentDefinition } from './agent-definition.js';

export const generalAgent: AgentDefinition = {
  niche: 'general',
  description: 'anything else: questions, brainstorming, planning',
  instructions: 'You are a helpful assistant for a team. Answer clearly and briefly.',
  tools: [],
};
