import { Injectable } from '@nestjs/common';
import { generateText, Output, zodSchema } from 'ai';
import { z } from 'zod';
import { AGENT_IDS, AGENTS, agentIdSchema } from '../assistant/agents/agents.js';
import { ModelRegistry } from '../llm/model-registry.service.js';
import { WORKFLOW_PLAN_OUTPUT } from '../llm/offline/offline-language-model.js';
import { askOfGoal } from '../llm/offline/workflow-planner.js';
import type { UsageAttribution } from '../llm/usage-attribution.js';
import { type ScheduleFromWords, suggestSchedule } from '../workflow-rules/schedule-phrases.js';
import { MAX_STEPS } from '../workflow-rules/workflow-limits.js';

const planShape = z.object({
  title: z.string().min(1).max(200).describe('A short name for the workflow'),
  steps: z
    .array(
      z.object({
        description: z.string().min(1).max(1000).describe('What this step does, as an instruction to its agent'),
        agentId: agentIdSchema.describe('The agent that performs the step'),
        requiresApproval: z.boolean().describe('True when a person must approve the output before the run goes on'),
      }),
    )
    .min(1)
    .max(MAX_STEPS),
});
// Wrapped once, so its JSON Schema is computed once rather than for every plan.
const planSchema = zodSchema(planShape);

export type GeneratedPlan = z.infer<typeof planShape> & {
  /** The schedule the goal's own words name ("every Monday at 9"), or why it cannot be set ("every other week"); null when they name none. */
  suggestedSchedule: ScheduleFromWords | null;
};

const INSTRUCTIONS = [
  `Turn the goal into a workflow plan of 1 to ${MAX_STEPS} steps, in order. Each step goes to one agent:`,
  ...AGENT_IDS.map((id) => `- ${id}: ${AGENTS[id].description}`),
  'Mark a step requiresApproval when the goal asks for a review or approval of its output. The service publishes and sends nothing itself:',
  '"publish it" or "send it" means the step before it waits for approval, and a person publishes it. A schedule ("every Monday") is not a step.',
].join('\n');

/** The plan of a new workflow, from the default model with structured output (charged to `charge`), and the schedule its goal names. */
@Injectable()
export class PlanGeneratorService {
  constructor(private readonly models: ModelRegistry) {}

  async generate(goal: string, charge: UsageAttribution): Promise<GeneratedPlan> {
    const { output } = await generateText({
      model: this.models.resolve(null, charge).model,
      instructions: INSTRUCTIONS,
      prompt: goal,
      output: Output.object({ schema: planSchema, name: WORKFLOW_PLAN_OUTPUT }),
    });
    return { title: output.title.slice(0, 200), steps: output.steps, suggestedSchedule: suggestSchedule(askOfGoal(goal)) };
  }
}
