import type { MadeAsset } from '../assets/assets.service.js';
import { cutText } from '../common/cut-text.js';
import { toolLabel } from '../llm/tool-phrases.js';
import type { AskedToolCall } from '../runs/entities/run-step.entity.js';
import type { StepDecisionAction } from './dto/step-decision.dto.js';

/** Longest step description in a mail subject; the whole one is in the body. */
const SUBJECT_STEP_LENGTH = 70;
/** Longest subject: mail clients cut the rest anyway. */
const SUBJECT_LENGTH = 160;

/** "social post "Launch week"", as an approval names what a step made. */
export function madeName({ type, title }: Pick<MadeAsset, 'type' | 'title'>): string {
  return `${type.replace(/_/g, ' ')} "${title}"`;
}

/** Longest rendering of a tool call's arguments in an approval mail; the inbox has them whole. */
const TOOL_INPUT_LENGTH = 1000;

/** "- format_post {"topic":"Launch"}": a tool call a step waits on, as its approval mail lists it. */
export function toolCallLine({ toolName, input }: Pick<AskedToolCall, 'toolName' | 'input'>): string {
  return `- ${toolName} ${cutText(JSON.stringify(input ?? {}), TOOL_INPUT_LENGTH)}`;
}

/**
 * A step approval mail's subject: the step by number and description, then the tools it asks to
 * run (by their labels, as the dashboard shows them; the body has the exact functions) or what it
 * made, so a reviewer tells two waiting steps of one workflow apart before opening either.
 */
export function stepMailSubject(stepIndex: number, description: string, made: readonly MadeAsset[], toolCalls: readonly Pick<AskedToolCall, 'toolName'>[] = []): string {
  const step = `Approve step ${stepIndex + 1}: ${cutText(description.replace(/\s+/g, ' ').trim(), SUBJECT_STEP_LENGTH)}`;
  if (toolCalls.length) return cutText(`${step} (to run ${toolLabels(toolCalls)})`, SUBJECT_LENGTH);
  return cutText(made.length ? `${step} (made ${made.map(madeName).join(', ')})` : step, SUBJECT_LENGTH);
}

/** "Format post, echo (cms)": the tools a step asks to run, each once, as people read them. */
export function toolLabels(toolCalls: readonly Pick<AskedToolCall, 'toolName'>[]): string {
  return [...new Set(toolCalls.map((call) => toolLabel(call.toolName)))].join(', ');
}

/**
 * What deciding a step did, as the inbox's batch decision answers it. A step paused on tool calls
 * is not redone: allowed or refused, the calls are answered and the same step goes on.
 */
export function stepDecidedMessage(action: StepDecisionAction, toolCalls: readonly Pick<AskedToolCall, 'toolName'>[]): string {
  if (toolCalls.length === 0) return action === 'approve' ? 'Step approved; the run goes on' : 'Step rejected; it is done again with the note';
  const tools = toolLabels(toolCalls);
  const plural = new Set(toolCalls.map((call) => call.toolName)).size > 1;
  return action === 'approve'
    ? `Tool call${plural ? 's' : ''} allowed: ${tools} run${plural ? '' : 's'} and the step goes on`
    : `Tool call${plural ? 's' : ''} refused: ${tools} do${plural ? '' : 'es'} not run; the step goes on without ${plural ? 'them' : 'it'}, and the note tells the agent why`;
}
