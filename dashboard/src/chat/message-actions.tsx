import { createContext, useContext, useState } from 'react';
import type { ForkResponse } from '../api/types';
import { useClipboard } from '../hooks/use-clipboard';
import type { MessageActions, Rating } from './use-message-actions';
import type { ChatMessage } from './use-router-chat';

/** What the messages of the conversation on screen may do; absent before there is a conversation. */
export interface ChatActions {
  actions: MessageActions;
  /** A reply is on its way: nothing that starts another may be pressed. */
  busy: boolean;
  /** Regenerating and editing (a member who may chat, in their own chat, not a run's). */
  regenerate?: (messageId: string) => void;
  edit?: (messageId: string, text: string) => void;
  /** Rating a reply (a member who may chat). */
  canRate: boolean;
  /** Who wrote the user's messages when it is not the reader (a chat another member shared). */
  askerName?: string;
}

export const ChatActionsContext = createContext<ChatActions | undefined>(undefined);

/** The text of a message: a reply's Markdown as the model wrote it, a user's as typed. */
export function messageText(message: ChatMessage): string {
  return message.parts
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n\n')
    .trim();
}

/** "‹ 2/3 ›" at a fork: the versions kept there, oldest first; paging shows another one. */
function VersionPager({ fork, busy, onShow }: { fork: ForkResponse; busy: boolean; onShow: (version: string) => void }) {
  const index = fork.versions.findIndex((version) => version.current);
  const previous = fork.versions[index - 1];
  const next = fork.versions[index + 1];
  return (
    <span className="chat-version-pager" role="group" aria-label="Versions">
      <button type="button" className="link-button" aria-label="Previous version" disabled={busy || !previous} onClick={() => previous && onShow(previous.id)}>
        ‹
      </button>
      <span aria-label={`Version ${index + 1} of ${fork.versions.length}`}>
        {index + 1}/{fork.versions.length}
      </span>
      <button type="button" className="link-button" aria-label="Next version" disabled={busy || !next} onClick={() => next && onShow(next.id)}>
        ›
      </button>
    </span>
  );
}

function forkAt(chat: ChatActions | undefined, message: ChatMessage): ForkResponse | undefined {
  return chat?.actions.forks.find((fork) => fork.messageId === message.id);
}

/** Under a reply: its versions, copy, regenerate, and the caller's thumbs up or down with an optional note. */
export function ReplyActions({ message }: { message: ChatMessage }) {
  const chat = useContext(ChatActionsContext);
  const clipboard = useClipboard();
  const text = messageText(message);
  const fork = forkAt(chat, message);
  return (
    <footer className="chat-message-actions">
      {fork && chat && <VersionPager fork={fork} busy={chat.busy} onShow={(version) => void chat.actions.showVersion(version)} />}
      {text && (
        <button type="button" className="link-button" aria-label="Copy reply" onClick={() => clipboard.copy(text)}>
          {clipboard.copied ? 'Copied' : 'Copy'}
        </button>
      )}
      {chat?.regenerate && (
        <button type="button" className="link-button" aria-label="Regenerate reply" disabled={chat.busy} onClick={() => chat.regenerate?.(message.id)}>
          Regenerate
        </button>
      )}
      {chat?.canRate && <Feedback message={message} actions={chat.actions} />}
      {clipboard.error && <span role="alert">{clipboard.error}</span>}
    </footer>
  );
}

const RATING_LABELS: Record<Rating, string> = { up: 'Good reply', down: 'Bad reply' };

function Feedback({ message, actions }: { message: ChatMessage; actions: MessageActions }) {
  const rated = actions.ratings.get(message.id);
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');

  function press(rating: Rating) {
    if (rated?.rating === rating) {
      setNoting(false);
      void actions.unrate(message.id);
      return;
    }
    setNote(rated?.note ?? '');
    setNoting(true);
    void actions.rate(message.id, rating, rated?.note ?? null);
  }

  return (
    <>
      {(['up', 'down'] as const).map((rating) => (
        <button
          key={rating}
          type="button"
          className="link-button chat-rating"
          aria-label={RATING_LABELS[rating]}
          aria-pressed={rated?.rating === rating}
          onClick={() => press(rating)}
        >
          <ThumbIcon down={rating === 'down'} />
        </button>
      ))}
      {rated?.note && !noting && <span className="muted chat-rating-note">“{rated.note}”</span>}
      {noting && rated && (
        <form
          className="chat-rating-form"
          aria-label="Feedback note"
          onSubmit={(event) => {
            event.preventDefault();
            setNoting(false);
            void actions.rate(message.id, rated.rating, note.trim() || null);
          }}
        >
          <input aria-label="Note (optional)" placeholder="What was good or bad? (optional)" maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
          <button type="submit">Save note</button>
          <button type="button" className="link-button" onClick={() => setNoting(false)}>
            Skip
          </button>
        </form>
      )}
    </>
  );
}

/** A thumb raised (or lowered, the same drawing turned over): drawn here, as emoji fonts are not everywhere. */
function ThumbIcon({ down }: { down: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" style={down ? { transform: 'rotate(180deg)' } : undefined}>
      <g fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round">
        <rect x="1.5" y="7" width="3" height="7.5" rx="0.5" />
        <path d="M4.5 8 L7.5 2 C9 1.8 9.6 3 9.2 4.5 L8.6 6.5 H13 C14 6.5 14.6 7.4 14.3 8.4 L12.8 13.6 C12.6 14.2 12.1 14.5 11.5 14.5 H4.5" />
      </g>
    </svg>
  );
}

/** Under a message the user sent: its versions (each edit keeps the one before) and Edit, which resends it changed. */
export function UserMessageActions({ message, onEditing }: { message: ChatMessage; onEditing: (editing: boolean) => void }) {
  const chat = useContext(ChatActionsContext);
  const fork = forkAt(chat, message);
  // An attachment is not sent again with an edit: a message with files is not offered for editing.
  const editable = chat?.edit && message.parts.every((part) => part.type === 'text');
  if (!chat || (!fork && !editable)) return null;
  return (
    <footer className="chat-message-actions">
      {fork && <VersionPager fork={fork} busy={chat.busy} onShow={(version) => void chat.actions.showVersion(version)} />}
      {editable && (
        <button type="button" className="link-button" aria-label="Edit message" disabled={chat.busy} onClick={() => onEditing(true)}>
          Edit
        </button>
      )}
    </footer>
  );
}

/** A sent message being edited: sending it again branches the conversation from there. */
export function EditMessageForm({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const chat = useContext(ChatActionsContext);
  const [text, setText] = useState(messageText(message));
  return (
    <form
      className="chat-edit-form"
      aria-label="Edit message"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        chat?.edit?.(message.id, text.trim());
        onDone();
      }}
    >
      <textarea aria-label="Edited message" value={text} rows={3} onChange={(event) => setText(event.target.value)} />
      <div className="chat-message-actions">
        <button type="submit" disabled={chat?.busy || !text.trim()}>
          Save edit
        </button>
        <button type="button" className="link-button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
