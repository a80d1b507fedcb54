import { matchIntent, type OfflineAgentId } from './intents.js';

export interface OfflinePlanStep {
  description: string;
  agentId: OfflineAgentId;
  requiresApproval: boolean;
}

export interface OfflinePlan {
  title: string;
  steps: OfflinePlanStep[];
}

export const MAX_PLAN_STEPS = 20;

const APPROVAL = /\b(approv\w*|review\w*|publish\w*|sign[- ]?off|check(ed)? by)\b/i;

/**
 * Turns a goal into a plan without a language model: numbered or bulleted lines, sentences and
 * "then" separate the steps; each step goes to the agent its wording asks for, and steps that
 * mention approval, review or publishing wait for a person.
 */
export function planWorkflow(goal: string): OfflinePlan {
  const descriptions = splitSteps(goal).slice(0, MAX_PLAN_STEPS);
  const steps = (descriptions.length > 0 ? descriptions : [goal.trim() || 'Complete the goal']).map((description): OfflinePlanStep => ({
    description,
    agentId: matchIntent(description)?.agent ?? 'general',
    requiresApproval: APPROVAL.test(description),
  }));
  return { title: titleOf(goal), steps };
}

function splitSteps(goal: string): string[] {
  return goal
    .split(/\r?\n+/)
    .flatMap((line) => line.split(/(?<=[.!?;])\s+(?=\S)/))
    .flatMap((sentence) => sentence.split(/,?\s+(?:and\s+)?then\s+|\s*(?:->|→)\s*/i))
    .map((part) =>
      part
        .replace(/^\s*(?:\d+[.)]|[-*•]|step\s+\d+:?)\s*/i, '')
        .replace(/^(?:first|next|then|finally|afterwards|after that),?\s+/i, '')
        .replace(/[.;]+$/, '')
        .trim(),
    )
    .filter((part) => part.length > 2)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1));
}

function titleOf(goal: string): string {
  const firstLine = goal.trim().split(/\r?\n|(?<=[.!?])\s/)[0] ?? '';
  const title = firstLine.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '').replace(/[.:;,]+$/, '').trim() || 'Workflow';
  return title.length > 80 ? `${title.slice(0, 79).replace(/\s+\S*$/, '')}…` : title;
}
