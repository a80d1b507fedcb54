import { ConflictException } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { MessageFieldException } from './client-messages.js';
import { answerToolCalls, answersToolApprovals, applyToolApprovals, askedToolCalls } from './tool-approvals.js';

const asked: UIMessage = {
  id: 'reply-1',
  role: 'assistant',
  parts: [
    { type: 'text', text: 'Let me publish it.' },
    { type: 'dynamic-tool', toolName: 'mcp_cms__publish', toolCallId: 'call-1', state: 'approval-requested', input: { page: 'launch' }, approval: { id: 'approval-1' } },
  ],
};

function answered(approval: { id: string; approved: boolean; reason?: string }, input: unknown = { page: 'launch' }): UIMessage {
  return {
    ...asked,
    parts: [asked.parts[0], { type: 'dynamic-tool', toolName: 'mcp_cms__publish', toolCallId: 'call-1', state: 'approval-responded', input, approval }],
  };
}

describe('applyToolApprovals', () => {
  it('takes only the answer from the client: the stored call, input and approval id stay', () => {
    const { message, decisions } = applyToolApprovals(asked, answered({ id: 'approval-1', approved: false, reason: 'not yet' }, { page: 'home' }), 1);
    expect(message.parts[1]).toEqual({
      type: 'dynamic-tool',
      toolName: 'mcp_cms__publish',
      toolCallId: 'call-1',
      state: 'approval-responded',
      input: { page: 'launch' },
      approval: { id: 'approval-1', approved: false, reason: 'not yet' },
    });
    expect(decisions).toEqual([{ approvalId: 'approval-1', toolCallId: 'call-1', toolName: 'mcp_cms__publish', approved: false, reason: 'not yet' }]);
    expect(answersToolApprovals(answered({ id: 'approval-1', approved: true }))).toBe(true);
    expect(answersToolApprovals(asked)).toBe(false);
  });

  it('refuses an unanswered request, another approval id or a long reason, naming the field', () => {
    expect(() => applyToolApprovals(asked, asked, 1)).toThrow(new MessageFieldException({ message: 1, part: 1, field: 'state' }, 'tool call call-1 awaits an approval response ("approval-responded")'));
    expect(() => applyToolApprovals(asked, answered({ id: 'approval-2', approved: true }), 1)).toThrow(/messages\[1\]\.parts\[1\]\.approval\.id/);
    expect(() => applyToolApprovals(asked, answered({ id: 'approval-1', approved: true, reason: 'x'.repeat(1001) }), 1)).toThrow(/approval\.reason/);
  });

  it('is a conflict when the stored reply awaits no approval', () => {
    const done: UIMessage = { ...asked, parts: [asked.parts[0]] };
    expect(() => applyToolApprovals(done, answered({ id: 'approval-1', approved: true }), 1)).toThrow(ConflictException);
  });
});

describe("a run step's tool calls awaiting a decision", () => {
  it('lists the calls asked for, by tool name and input, and answers them all with one decision', () => {
    expect(askedToolCalls(asked)).toEqual([{ toolCallId: 'call-1', toolName: 'mcp_cms__publish', input: { page: 'launch' } }]);
    const denied = answerToolCalls(asked, false, 'not yet');
    expect(denied.parts[1]).toMatchObject({ state: 'approval-responded', approval: { id: 'approval-1', approved: false, reason: 'not yet' } });
    expect(askedToolCalls(denied)).toEqual([]);
    expect(answerToolCalls(asked, true, null).parts[1]).toMatchObject({ state: 'approval-responded', approval: { id: 'approval-1', approved: true } });
  });
});
