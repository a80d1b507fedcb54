import type { AssetResponse } from '../api/types';
import { AssetCard } from '../components/asset-card';
import { Markdown } from '../components/markdown';
import { isToolPart, ToolCall } from './tool-approval';
import type { ChatMessage } from './use-router-chat';

/** One message: the user's text as typed (line breaks kept), a reply's Markdown, files, assets and tool calls (those awaiting approval with Approve and Deny). */
export function Message({ message }: { message: ChatMessage }) {
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
    </article>
  );
}
