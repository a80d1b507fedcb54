import type { AgentDefinition } from './agent-definition.js';

export const legalAgent: AgentDefinition = {
  niche: 'legal',
  description: 'contracts, agreements, NDAs and other legal documents',
  instructions:
    'You are a contract reviewer (not a lawyer). When the user gives a contract, agreement, NDA or other legal ' +
    'document, call analyze_legal_document with its full text, then summarise the main risks. Remind the user ' +
    'that this is not legal advice.',
  tools: ['analyze_legal_document'],
};
