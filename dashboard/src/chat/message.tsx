import { useContext, useState } from 'react';
import type { AssetResponse } from '../api/types';
import { AssetCard } from '../components/asset-card';
import { Markdown } from '../components/markdown';
import { ChatActionsContext, EditMessageForm, ReplyActions, UserMessageActions } from './message-actions';
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
 * tool calls (those awaiting approval with Approve and Deny), each asset once. A workflow run's step prompt reads as
 * the step's header, without the context the run gave the model.
 */
export function Message({ message, nextAgent }: MessageProps) {
  const [editing, setEditing] = useState(false);
  const askerName = useContext(ChatActionsContext)?.askerName;
  const step = stepHeader(message);
  if (step) return <h3 className="chat-step-header">{stepHeaderText(step, nextAgent)}</h3>;
  const author = message.role === 'user' ? (askerName ?? 'You') : (message.metadata?.agentId ?? 'Assistant');
  // An asset made and then changed in the same reply (each tool call sends it) is shown once, as it ended.
  const lastPartOf = new Map(message.parts.flatMap((part, index) => (part.type === 'data-asset' ? [[assetIdOf(part.data), index] as const] : [])));
  return (
    <article className={`chat-message chat-message-${message.role}`} aria-label={`${author} said`}>
      <header>
        <strong>{author}</strong>
        {message.metadata?.modelId && <span className="muted"> · {message.metadata.modelId}</span>}
        {message.metadata?.stopped && <span className="badge">stopped</span>}
      </header>
      {editing ? (
        <EditMessageForm message={message} onDone={() => setEditing(false)} />
      ) : (
        message.parts.map((part, index) => {
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
          if (part.type === 'data-asset') return index === lastPartOf.get(assetIdOf(part.data)) ? <AssetCard key={key} asset={part.data as AssetResponse} /> : null;
          if (isToolPart(part)) return <ToolCall key={key} part={part} />;
          return null;
        })
      )}
      {message.role === 'assistant' && <ReplyActions message={message} />}
      {message.role === 'user' && !editing && <UserMessageActions message={message} onEditing={setEditing} />}
    </article>
  );
}

function assetIdOf(data: unknown): number {
  return (data as AssetResponse).id;
}
