import { ConflictException } from '@nestjs/common';
import { isToolUIPart, type UIMessage } from 'ai';
import type { ToolApprovalDecision } from '../conversations/conversations.service.js';
import { MessageFieldException } from './client-messages.js';
import type { ToolInput } from './reply-metadata.js';

/** What the model (and the user) is told of a call of a tool that needs approval where nobody can be asked. */
export function unaskedApprovalMessage(tool: string): string {
  return `${tool} needs a person's approval before it runs, and nobody can be asked here (only a chat or a workflow run asks); it was not run`;
}

/** A built-in tool's call that needs approval where nobody can be asked (/v1, an MCP client): the model's tool error. */
export class ToolApprovalUnavailableError extends Error {
  constructor(tool: string) {
    super(unaskedApprovalMessage(tool));
  }
}

/** The longest reason a person may give with an approval or a denial. */
const REASON_MAX_LENGTH = 1000;

/** Whether a client's message answers tool approval requests (what `addToolApprovalResponse` makes of a reply). */
export function answersToolApprovals(message: UIMessage): boolean {
  return message.role === 'assistant' && message.parts.some((part) => isToolUIPart(part) && part.state === 'approval-responded');
}

/**
 * The stored reply with the client's answers to its approval requests applied, and those answers.
 * Only the answer (approved, reason) is taken from the client: the tool, its input and the request
 * are the stored reply's, so a client cannot change what runs. Every request the reply holds must be
 * answered, as a stock chat client sends them (`lastAssistantMessageIsCompleteWithApprovalResponses`).
 * `index`: the answering message's place in the request, for the 400's field name.
 */
export function applyToolApprovals(stored: UIMessage, answering: UIMessage, index: number): { message: UIMessage; decisions: ToolApprovalDecision[] } {
  const answers = new Map(
    answering.parts.flatMap((part, partIndex) => (isToolUIPart(part) ? [[part.toolCallId, { part, partIndex }] as const] : [])),
  );
  const decisions: ToolApprovalDecision[] = [];
  const parts = stored.parts.map((part) => {
    if (!isToolUIPart(part) || part.state !== 'approval-requested') return part;
    const answer = answers.get(part.toolCallId);
    const at = (field?: string) => ({ message: index, ...(answer ? { part: answer.partIndex } : {}), ...(field ? { field } : {}) });
    if (answer?.part.state !== 'approval-responded') {
      throw new MessageFieldException(at('state'), `tool call ${part.toolCallId} awaits an approval response ("approval-responded")`);
    }
    const { approval } = answer.part;
    if (approval.id !== part.approval.id) throw new MessageFieldException(at('approval.id'), `is not the approval requested for tool call ${part.toolCallId}`);
    if (typeof approval.approved !== 'boolean') throw new MessageFieldException(at('approval.approved'), 'must be true or false');
    if (approval.reason !== undefined && (typeof approval.reason !== 'string' || approval.reason.length > REASON_MAX_LENGTH)) {
      throw new MessageFieldException(at('approval.reason'), `must be a text of at most ${REASON_MAX_LENGTH} characters`);
    }
    const toolName = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
    decisions.push({ approvalId: part.approval.id, toolCallId: part.toolCallId, toolName, approved: approval.approved, reason: approval.reason ?? null });
    return {
      ...part,
      state: 'approval-responded' as const,
      approval: { ...part.approval, approved: approval.approved, ...(approval.reason === undefined ? {} : { reason: approval.reason }) },
    };
  });
  if (decisions.length === 0) throw new ConflictException(`messages[${index}]: the conversation's last reply awaits no tool approval`);
  return { message: { ...stored, parts: parts }, decisions };
}

/** The tool calls a reply asks a person to approve (its parts awaiting an approval response). */
export function askedToolCalls(message: UIMessage): { toolCallId: string; toolName: string; input: ToolInput }[] {
  return message.parts.flatMap((part) =>
    isToolUIPart(part) && part.state === 'approval-requested'
      ? [{ toolCallId: part.toolCallId, toolName: part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length), input: part.input ?? null }]
      : [],
  );
}

/**
 * The reply with one answer given to every approval request it holds, as a chat client's
 * `addToolApprovalResponse` would: continued, the approved tools run and the denied are refused.
 */
export function answerToolCalls(message: UIMessage, approved: boolean, reason: string | null): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) =>
      isToolUIPart(part) && part.state === 'approval-requested'
        ? { ...part, state: 'approval-responded' as const, approval: { ...part.approval, approved, ...(reason ? { reason } : {}) } }
        : part,
    ),
  };
}
