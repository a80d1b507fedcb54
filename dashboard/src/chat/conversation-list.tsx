import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ConversationResponse, SearchHitResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useCan, useSession } from '../session/session';
import { searchConversations } from './api';

interface ConversationListProps {
  conversations: ConversationResponse[] | undefined;
  /** Older conversations than those listed exist: a button asks for the next page. */
  more: boolean;
  onShowMore: () => void;
  error: Error | undefined;
  currentId: string | undefined;
  /** On a narrow screen the list is a drawer over the chat, shown while open. */
  open: boolean;
  onClose: () => void;
  onNewChat: () => void;
  onDelete: (conversation: ConversationResponse) => void;
}

/** The caller's conversations beside the chat; a drawer on a phone (Escape or a tap outside closes it). */
export function ConversationList({ conversations, more, onShowMore, error, currentId, open, onClose, onNewChat, onDelete }: ConversationListProps) {
  const newChat = useRef<HTMLButtonElement>(null);
  const can = useCan();
  const writes = can('conversation.write');
  // Members delete their own chats and the team's run conversations; owners and admins any.
  const deletes = (conversation: ConversationResponse) =>
    conversation.workflowRun ? can('conversation.delete') : can('conversation.delete', { createdBy: conversation.author?.id ?? null });

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
        <ConversationSearch currentId={currentId} onOpen={onClose}>
          <ErrorMessage error={error} />
          <ul>
            {conversations?.map((conversation) => (
              <li key={conversation.id} className={conversation.id === currentId ? 'selected' : undefined}>
                <Link href={`/chat/${conversation.id}`} aria-current={conversation.id === currentId ? 'page' : undefined} onClick={onClose}>
                  <span className="chat-sidebar-title">{conversation.title || 'Untitled'}</span>
                  <span className="muted">{conversation.workflowRun ? `Run · ${conversation.workflowRun.workflow.title}` : conversation.niche}</span>
                  {conversation.shared && <SharedLabel author={conversation.author} />}
                </Link>
                {deletes(conversation) && (
                  <button type="button" className="link-button danger" aria-label={`Delete ${conversation.title}`} onClick={() => onDelete(conversation)}>
                    Delete
                  </button>
                )}
              </li>
            ))}
          </ul>
          {conversations?.length === 0 && <p className="muted">No conversations yet.</p>}
          {more && (
            <button type="button" className="chat-sidebar-more" onClick={onShowMore}>
              Show older conversations
            </button>
          )}
        </ConversationSearch>
      </aside>
    </>
  );
}

/**
 * A search over the caller's conversations (titles and messages) above the list: while a search
 * is shown, its hits stand in for the list (`children`), each with the words that matched.
 */
function ConversationSearch({ currentId, onOpen, children }: { currentId: string | undefined; onOpen: () => void; children: ReactNode }) {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{ query: string; hits: SearchHitResponse[] }>();
  const [error, setError] = useState<Error>();

  async function search(words: string) {
    try {
      setResult({ query: words, hits: await searchConversations(words) });
      setError(undefined);
    } catch (failure) {
      setError(failure as Error);
    }
  }

  function clear() {
    setQuery('');
    setResult(undefined);
    setError(undefined);
  }

  return (
    <>
      <form
        role="search"
        className="chat-search"
        onSubmit={(event) => {
          event.preventDefault();
          if (query.trim()) void search(query.trim());
          else clear();
        }}
      >
        <input type="search" aria-label="Search conversations" placeholder="Search conversations" maxLength={200} value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit">Search</button>
      </form>
      <ErrorMessage error={error} />
      {result ? (
        <section aria-label="Search results">
          <p className="muted">
            {result.hits.length === 0 ? `Nothing found for “${result.query}”.` : `Found in ${result.hits.length} conversation${result.hits.length === 1 ? '' : 's'}:`}{' '}
            <button type="button" className="link-button" onClick={clear}>
              Clear search
            </button>
          </p>
          <ul>
            {result.hits.map((hit) => (
              <li key={hit.conversationId} className={hit.conversationId === currentId ? 'selected' : undefined}>
                <Link href={`/chat/${hit.conversationId}`} aria-current={hit.conversationId === currentId ? 'page' : undefined} onClick={onOpen}>
                  <span className="chat-sidebar-title">{hit.title || 'Untitled'}</span>
                  {hit.shared && <SharedLabel author={hit.author} />}
                  {hit.matches.map((match) => (
                    <span key={match.messageId} className="muted chat-search-snippet">
                      <Snippet text={match.snippet} />
                    </span>
                  ))}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        children
      )}
    </>
  );
}

/** Whose a shared chat is: the reader's own, or another member's (read-only). */
function SharedLabel({ author }: { author: ConversationResponse['author'] }) {
  const myId = useSession().me?.user.id;
  return <span className="muted chat-sidebar-sharing">{author?.id === myId ? 'Shared with the team' : `Shared by ${author?.name ?? 'a former member'}`}</span>;
}

/** A match's words around it, the matched ones (in **bold** in the answer) marked. */
function Snippet({ text }: { text: string }) {
  return text.split(/\*\*(.+?)\*\*/g).map((piece, index) => (index % 2 === 1 ? <mark key={index}>{piece}</mark> : piece));
}
