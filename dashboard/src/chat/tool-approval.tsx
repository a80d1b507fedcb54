import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { createContext, useContext, useState } from 'react';
import { toolDone, toolLabel } from '../../../src/llm/tool-phrases.js';
import './tool-approval.css';

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

/** Answers a tool approval request (useChat's `addToolApprovalResponse`); absent where the reader may not chat. */
export type AnswerToolApproval = (answer: { id: string; approved: boolean; reason?: string }) => void;

export const ToolApprovalContext = createContext<AnswerToolApproval | undefined>(undefined);

/** Whether a message part is a call of a tool (a built-in one or a team's MCP tool). */
export function isToolPart(part: UIMessage['parts'][number]): part is ToolPart {
  return isToolUIPart(part);
}

/** One tool call in a reply: what it did, or, while it waits for a person, what it would do with Approve and Deny. */
export function ToolCall({ part }: { part: ToolPart }) {
  const label = toolLabel(getToolName(part));
  switch (part.state) {
    case 'approval-requested':
      return <ApprovalRequest label={label} input={part.input} approvalId={part.approval.id} />;
    case 'approval-responded':
      return <p className="chat-part-note muted">{part.approval.approved ? `Approved ${label}; running it…` : `Denied ${label}`}</p>;
    case 'output-denied':
      return (
        <p className="chat-part-note muted">
          Denied {label}
          {part.approval.reason ? `: ${part.approval.reason}` : ''}
        </p>
      );
    case 'output-available':
      return <p className="chat-part-note muted">{toolDone(getToolName(part), part.input)}</p>;
    case 'output-error':
      return <p className="chat-part-note muted">{label} failed</p>;
    default:
      return <p className="chat-part-note muted">Using {label}…</p>;
  }
}

function ApprovalRequest({ label, input, approvalId }: { label: string; input: unknown; approvalId: string }) {
  const answer = useContext(ToolApprovalContext);
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);
  const send = (approved: boolean) => {
    setSent(true);
    const trimmed = reason.trim();
    answer?.({ id: approvalId, approved, ...(!approved && trimmed ? { reason: trimmed } : {}) });
  };
  return (
    <section className="tool-approval" aria-label={`Approve ${label}?`}>
      <p className="tool-approval-title">
        <strong>{label}</strong> waits for your approval before it runs
      </p>
      <ToolArguments input={input} />
      {!answer ? (
        <p className="muted">Someone who may chat in this team can approve or deny it.</p>
      ) : denying ? (
        <form
          className="tool-approval-deny"
          onSubmit={(event) => {
            event.preventDefault();
            send(false);
          }}
        >
          <label>
            Reason for the agent (optional)
            <input value={reason} maxLength={1000} onChange={(event) => setReason(event.target.value)} />
          </label>
          <div className="tool-approval-actions">
            <button type="submit" className="danger" disabled={sent}>
              Send denial
            </button>
            <button type="button" className="link-button" disabled={sent} onClick={() => setDenying(false)}>
              Back
            </button>
          </div>
        </form>
      ) : (
        <div className="tool-approval-actions">
          <button type="button" disabled={sent} onClick={() => send(true)}>
            Approve
          </button>
          <button type="button" className="danger" disabled={sent} onClick={() => setDenying(true)}>
            Deny
          </button>
        </div>
      )}
    </section>
  );
}

/** The call's arguments, one per line: texts as written, anything else as JSON. */
function ToolArguments({ input }: { input: unknown }) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return <pre className="tool-approval-value">{JSON.stringify(input, null, 2) ?? 'no arguments'}</pre>;
  }
  const entries = Object.entries(input);
  if (entries.length === 0) return <p className="muted">No arguments</p>;
  return (
    <dl className="tool-approval-arguments" aria-label="Arguments">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd className="tool-approval-value">{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</dd>
        </div>
      ))}
    </dl>
  );
}
