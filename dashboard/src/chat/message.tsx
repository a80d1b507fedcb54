import type { AssetResponse } from '../api/types';
import { AssetCard } from '../components/asset-card';
import { Markdown } from '../components/markdown';
import { useClipboard } from '../hooks/use-clipboard';
import { stepHeader, stepHeaderText } from './run-steps';
import { isToolPart, ToolCall } from './tool-approval';
import type { ChatMessage } from './use-router-chat';

interface MessageProps {
  message: ChatMessage;
  /** The agent of the reply that follows, which names a run's step in its header. */
  nextAgent?: string;
}

/**
 * One message: the user's text as typed (line breaks kept), a reply's Markdown, files, assets and
 * tool calls (those awaiting approval with Approve and Deny). A workflow run's step prompt reads as
 * the step's header, without the context the run gave the model.
 */
export function Message({ message, nextAgent }: MessageProps) {
  const step = stepHeader(message);
  if (step) return <h3 className="chat-step-header">{stepHeaderText(step, nextAgent)}</h3>;
  const author = message.role === 'user' ? 'You' : (message.metadata?.agentId ?? 'Assistant');
  return (
    <article className={`chat-message chat-message-${message.role}`} aria-label={`${author} said`}>
      <header>
        <strong>{author}</strong>
        {message.metadata?.modelId && <span className="muted"> · {message.metadata.modelId}</span>}
        {message.metadata?.stopped && <span className="badge">stopped</span>}
      </header>
      {message.parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === 'text') {
          // What a person typed is shown as typed; only model output is Markdown.
          return message.role === 'user' ? (
            <p key={key} className="chat-user-text">
              {part.text}
            </p>
          ) : (
            <Markdown key={key} text={part.text} />
          );
        }
        if (part.type === 'file') return <p key={key} className="chat-part-note">Attached: {part.filename ?? part.mediaType}</p>;
        if (part.type === 'data-asset') return <AssetCard key={key} asset={part.data as AssetResponse} />;
        if (isToolPart(part)) return <ToolCall key={key} part={part} />;
        return null;
      })}
      {message.role === 'assistant' && <MessageActions message={message} />}
    </article>
  );
}

/** The reply's text, as the model wrote it (Markdown), for the clipboard. */
function replyText(message: ChatMessage): string {
  return message.parts
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n\n')
    .trim();
}

function MessageActions({ message }: { message: ChatMessage }) {
  const clipboard = useClipboard();
  const text = replyText(message);
  if (!text) return null;
  return (
    <footer className="chat-message-actions">
      <button type="button" className="link-button" aria-label="Copy reply" onClick={() => clipboard.copy(text)}>
        {clipboard.copied ? 'Copied' : 'Copy'}
      </button>
      {clipboard.error && <span role="alert">{clipboard.error}</span>}
    </footer>
  );
}
