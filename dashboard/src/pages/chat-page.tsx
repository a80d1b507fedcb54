import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { ConversationResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { conversationHistory } from '../chat/api';
import { ChatSession } from '../chat/chat-session';
import { ConversationList } from '../chat/conversation-list';
import { useConversations } from '../chat/use-conversations';
import { ErrorMessage } from '../components/error-message';
import { usePageTitle } from '../hooks/use-page-title';

/** `/chat` (a new conversation) and `/chat/:conversationId`, beside the list of conversations. */
export function ChatPage({ params }: { params: { conversationId?: string } }) {
  const routeId = params.conversationId;
  const [, navigate] = useLocation();
  const { conversations, more, showMore, error, reload, remove } = useConversations();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // A conversation created by the chat on screen takes over its URL without remounting it.
  const [fresh, setFresh] = useState({ count: 0, adoptedId: undefined as string | undefined });
  const viewKey = routeId && routeId !== fresh.adoptedId ? routeId : `new-${fresh.count}`;
  const title = conversations?.find((conversation) => conversation.id === routeId)?.title;
  usePageTitle(title || 'Chat');

  function startNew() {
    setFresh(({ count }) => ({ count: count + 1, adoptedId: undefined }));
    setDrawerOpen(false);
    navigate('/chat');
  }

  async function deleteConversation(conversation: ConversationResponse) {
    if (!window.confirm(`Delete “${conversation.title}” and all its messages?`)) return;
    if ((await remove(conversation)) && conversation.id === routeId) startNew();
  }

  return (
    <div className="chat-page">
      <ConversationList
        conversations={conversations}
        more={more}
        onShowMore={showMore}
        error={error}
        currentId={routeId}
        open={drawerOpen}
        onClose={closeDrawer}
        onNewChat={startNew}
        onDelete={(conversation) => void deleteConversation(conversation)}
      />
      <div className="chat-main">
        <header className="chat-header">
          <button type="button" className="chat-drawer-toggle" aria-expanded={drawerOpen} aria-controls="chat-conversations" onClick={() => setDrawerOpen(true)}>
            <span aria-hidden="true">☰</span> Conversations
          </button>
          <h1 className="chat-title" title={title}>
            {routeId ? title || 'Untitled' : 'New chat'}
          </h1>
        </header>
        <ConversationView
          key={viewKey}
          conversationId={routeId}
          onCreated={(id) => {
            setFresh((state) => ({ ...state, adoptedId: id }));
            navigate(`/chat/${id}`, { replace: true });
            void reload();
          }}
          onReplyFinished={() => void reload()}
          onSharingChanged={() => void reload()}
          onCopied={(id) => {
            navigate(`/chat/${id}`);
            void reload();
          }}
        />
      </div>
    </div>
  );
}

interface ConversationViewProps {
  conversationId: string | undefined;
  onCreated: (conversationId: string) => void;
  onReplyFinished: () => void;
  onSharingChanged: () => void;
  onCopied: (conversationId: string) => void;
}

/** Loads a stored conversation's history, then hands it to the live chat. */
function ConversationView({ conversationId, onCreated, onReplyFinished, onSharingChanged, onCopied }: ConversationViewProps) {
  // Read once, when this view mounts: the chat keeps its own state afterwards.
  const [initialId] = useState(conversationId);
  const history = useApi(initialId ? () => conversationHistory(initialId) : null, [initialId]);
  if (initialId && !history.data) {
    return <section className="chat-session">{history.error ? <ErrorMessage error={history.error} /> : <p className="muted">Loading…</p>}</section>;
  }
  return (
    <ChatSession
      conversationId={initialId}
      conversation={history.data?.conversation}
      initialMessages={history.data?.messages ?? []}
      onCreated={onCreated}
      onReplyFinished={onReplyFinished}
      onSharingChanged={onSharingChanged}
      onCopied={onCopied}
    />
  );
}
