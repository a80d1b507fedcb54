import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { createContext, useContext, useState } from 'react';
import './tool-approval.css';

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

/** Answers a tool approval request (useChat's `addToolApprovalResponse`); absent where the reader may not chat. */
export type AnswerToolApproval = (answer: { id: string; approved: boolean; reason?: string }) => void;

export const ToolApprovalContext = createContext<AnswerToolApproval | undefined>(undefined);

/** Whether a message part is a call of a tool (a built-in one or a team's MCP tool). */
export function isToolPart(part: UIMessage['parts'][number]): part is ToolPart {
  return isToolUIPart(part);
}

/**
 * A tool's name for people: a team's MCP tool (`mcp_<server>__<tool>`) as "<tool> (<server>)", a
 * built-in one (`generate_image`) as "Generate image".
 */
export function toolLabel(name: string): string {
  const mcp = /^mcp_([a-z0-9_]+?)__(.+)$/.exec(name);
  if (mcp) return `${mcp[2]} (${mcp[1]})`;
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const PLATFORM_NAMES: Record<string, string> = { linkedin: 'LinkedIn', instagram: 'Instagram', x: 'X', facebook: 'Facebook', tiktok: 'TikTok', threads: 'Threads' };

/** What each built-in tool did, said as a person would; the post's platform is in its call's input. */
const TOOL_DONE: Record<string, (input: Record<string, unknown>) => string> = {
  format_post: (input) => `Made a ${PLATFORM_NAMES[typeof input.platform === 'string' ? input.platform : 'linkedin'] ?? 'social'} post`,
  format_reel: () => 'Made a reel script',
  format_script: () => 'Wrote a video script',
  generate_outline: () => 'Wrote an outline',
  generate_image: () => 'Made an image',
  generate_thumbnail_concept: () => 'Drew up a thumbnail concept',
  extract_receipt_data: () => 'Read the receipt',
  analyze_legal_document: () => 'Reviewed the document',
};

/** What a finished tool call did ("Made a LinkedIn post"); a team's MCP tool, whose effect is its own, as "Used <tool> (<server>)". */
export function toolDone(name: string, input: unknown): string {
  const done = TOOL_DONE[name];
  if (!done) return `Used ${toolLabel(name)}`;
  return done(input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {});
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
