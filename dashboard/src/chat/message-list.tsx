import { type ReactNode, useEffect } from 'react';
import { Message } from './message';
import type { ChatMessage } from './use-router-chat';
import { useStickToBottom } from './use-stick-to-bottom';

interface MessageListProps {
  messages: ChatMessage[];
  thinking: boolean;
  /** Shown under the hint while there is no message yet (suggested prompts). */
  empty?: ReactNode;
}

/**
 * The conversation's scrolling area. It follows the newest text as it streams in, unless the
 * reader scrolled up: then "Jump to latest" brings them back. A message the user sends always
 * brings the view to it. Empty, it opens at its top: the hint and the first suggestions in view.
 */
export function MessageList({ messages, thinking, empty }: MessageListProps) {
  const { scroller, content, following, jumpToLatest } = useStickToBottom(messages.length === 0);
  const lastUserMessageId = messages.findLast((message) => message.role === 'user')?.id;

  useEffect(() => {
    if (lastUserMessageId) jumpToLatest();
  }, [lastUserMessageId, jumpToLatest]);

  return (
    <div className="chat-log-frame">
      <div ref={scroller} className="chat-log" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
        <div ref={content} className="chat-log-content">
          {messages.length === 0 && (
            <>
              <p className="muted">Ask for a LinkedIn post, a video script, an image, a receipt summary or a contract review.</p>
              {empty}
            </>
          )}
          {messages.map((message, index) => (
            <Message key={message.id} message={message} nextAgent={messages[index + 1]?.metadata?.agentId} />
          ))}
          {thinking && <p className="muted">Thinking…</p>}
        </div>
      </div>
      {!following && (
        <button type="button" className="chat-jump" onClick={() => jumpToLatest('smooth')}>
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}
