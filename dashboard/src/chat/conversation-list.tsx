import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { ConversationResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useCan } from '../session/session';

interface ConversationListProps {
  conversations: ConversationResponse[] | undefined;
  error: Error | undefined;
  currentId: string | undefined;
  /** On a narrow screen the list is a drawer over the chat, shown while open. */
  open: boolean;
  onClose: () => void;
  onNewChat: () => void;
  onDelete: (conversation: ConversationResponse) => void;
}

/** The team's conversations beside the chat; a drawer on a phone (Escape or a tap outside closes it). */
export function ConversationList({ conversations, error, currentId, open, onClose, onNewChat, onDelete }: ConversationListProps) {
  const newChat = useRef<HTMLButtonElement>(null);
  const writes = useCan()('conversation.write');

  useEffect(() => {
    if (!open) return;
    newChat.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <>
      {open && <div className="chat-drawer-backdrop" onClick={onClose} />}
      <aside id="chat-conversations" className={open ? 'chat-sidebar open' : 'chat-sidebar'} aria-label="Conversations">
        <div className="chat-sidebar-actions">
          {writes && (
            <button ref={newChat} type="button" onClick={onNewChat}>
              New chat
            </button>
          )}
          <button type="button" className="link-button chat-drawer-close" aria-label="Close conversations" onClick={onClose}>
            ✕
          </button>
        </div>
        <ErrorMessage error={error} />
        <ul>
          {conversations?.map((conversation) => (
            <li key={conversation.id} className={conversation.id === currentId ? 'selected' : undefined}>
              <Link href={`/chat/${conversation.id}`} aria-current={conversation.id === currentId ? 'page' : undefined} onClick={onClose}>
                <span className="chat-sidebar-title">{conversation.title || 'Untitled'}</span>
                <span className="muted">{conversation.workflowRun ? `Run · ${conversation.workflowRun.workflow.title}` : conversation.niche}</span>
              </Link>
              {writes && (
                <button type="button" className="link-button danger" aria-label={`Delete ${conversation.title}`} onClick={() => onDelete(conversation)}>
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
        {conversations?.length === 0 && <p className="muted">No conversations yet.</p>}
      </aside>
    </>
  );
}
