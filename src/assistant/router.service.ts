import { Injectable } from '@nestjs/common';
import { generateText, Output, zodSchema } from 'ai';
import { z } from 'zod';
import { AGENT_ROUTE_OUTPUT } from '../llm/offline/offline-language-model.js';
import type { ResolvedModel } from '../llm/model-registry.service.js';
import { AGENT_IDS, AGENTS, type AgentId, agentIdSchema, FALLBACK_AGENT } from './agents/agents.js';

// Wrapped once, so its JSON Schema is computed once rather than for every routed message.
const routeSchema = zodSchema(
  z.object({
    agentId: agentIdSchema.describe('The agent that should answer'),
    confident: z.boolean().describe('False when the message could belong to several agents or none'),
  }),
);

const INSTRUCTIONS = [
  'Pick the agent that should answer the latest user message. The agents:',
  ...AGENT_IDS.map((id) => `- ${id}: ${AGENTS[id].description}`),
  'Set confident to false when the message fits no agent clearly.',
].join('\n');

/**
 * Chooses the agent for a message with a structured model call. When the model is not confident,
 * the conversation's previous agent keeps the turn (a follow-up such as "make it shorter").
 */
@Injectable()
export class RouterService {
  async route(model: ResolvedModel, latestUserText: string, previousAgent: AgentId | null, abortSignal?: AbortSignal): Promise<AgentId> {
    const { output } = await generateText({
      model: model.model,
      instructions: INSTRUCTIONS,
      prompt: latestUserText || '(empty message)',
      output: Output.object({ schema: routeSchema, name: AGENT_ROUTE_OUTPUT }),
      abortSignal,
    });
    if (!output.confident && previousAgent) return previousAgent;
    return output.agentId ?? FALLBACK_AGENT;
  }
}
