import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api, withQuery } from '../api/client';
import type { ConversationResponse, HistoryResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { ChatSession } from '../components/chat-session';
import { ErrorMessage } from '../components/error-message';

/** `/chat` (a new conversation) and `/chat/:conversationId`, beside the list of conversations. */
export function ChatPage({ params }: { params: { conversationId?: string } }) {
  const routeId = params.conversationId;
  const [, navigate] = useLocation();
  const conversations = useApi<ConversationResponse[]>('/assistant/conversations');
  // A conversation created by the chat on screen takes over its URL without remounting it.
  const [fresh, setFresh] = useState({ count: 0, adoptedId: undefined as string | undefined });
  const viewKey = routeId && routeId !== fresh.adoptedId ? routeId : `new-${fresh.count}`;

  function startNew() {
    setFresh(({ count }) => ({ count: count + 1, adoptedId: undefined }));
    navigate('/chat');
  }

  async function remove(conversation: ConversationResponse) {
    if (!window.confirm(`Delete “${conversation.title}” and all its messages?`)) return;
    await api('DELETE', '/assistant/conversations', { query: { id: conversation.id } });
    if (conversation.id === routeId) startNew();
    await conversations.reload();
  }

  return (
    <div className="chat-layout">
      <aside className="conversation-list" aria-label="Conversations">
        <button type="button" onClick={startNew}>
          New chat
        </button>
        <ErrorMessage error={conversations.error} />
        <ul>
          {conversations.data?.map((conversation) => (
            <li key={conversation.id} className={conversation.id === routeId ? 'selected' : undefined}>
              <Link href={`/chat/${conversation.id}`} aria-current={conversation.id === routeId ? 'page' : undefined}>
                <span className="title">{conversation.title || 'Untitled'}</span>
                <span className="muted">
                  {conversation.workflowRun ? `Run · ${conversation.workflowRun.workflow.title}` : conversation.niche}
                </span>
              </Link>
              <button type="button" className="link-button danger" aria-label={`Delete ${conversation.title}`} onClick={() => void remove(conversation)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
        {conversations.data?.length === 0 && <p className="muted">No conversations yet.</p>}
      </aside>
      <ConversationView
        key={viewKey}
        conversationId={routeId}
        onCreated={(id) => {
          setFresh((state) => ({ ...state, adoptedId: id }));
          navigate(`/chat/${id}`, { replace: true });
          void conversations.reload();
        }}
        onReplyFinished={() => void conversations.reload()}
      />
    </div>
  );
}

interface ConversationViewProps {
  conversationId: string | undefined;
  onCreated: (conversationId: string) => void;
  onReplyFinished: () => void;
}

/** Loads a stored conversation's history, then hands it to the live chat. */
function ConversationView({ conversationId, onCreated, onReplyFinished }: ConversationViewProps) {
  // Read once, when this view mounts: the chat keeps its own state afterwards.
  const [initialId] = useState(conversationId);
  const history = useApi<HistoryResponse>(initialId ? withQuery('/assistant/history', { id: initialId }) : null);
  if (initialId && !history.data) {
    return <section className="chat">{history.error ? <ErrorMessage error={history.error} /> : <p className="muted">Loading…</p>}</section>;
  }
  return (
    <ChatSession
      conversationId={initialId}
      conversation={history.data?.conversation}
      initialMessages={history.data?.messages ?? []}
      onCreated={onCreated}
      onReplyFinished={onReplyFinished}
    />
  );
}
