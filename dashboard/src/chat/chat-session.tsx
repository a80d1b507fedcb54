import type { UIMessage } from 'ai';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ConversationResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { useCan, useSession } from '../session/session';
import { copyConversation, listModels, setConversationSharing } from './api';
import { ChatErrorNotice } from './chat-error-notice';
import { ErrorMessage } from '../components/error-message';
import { ChatOptions } from './chat-options';
import { Composer } from './composer';
import { ChatActionsContext } from './message-actions';
import { MessageList } from './message-list';
import { OfflineModelBanner } from './offline-model-banner';
import { SuggestedPromptList } from './suggested-prompt-list';
import { ToolApprovalContext } from './tool-approval';
import { useMessageActions } from './use-message-actions';
import { useRouterChat } from './use-router-chat';
import './chat.css';

interface ChatSessionProps {
  conversationId: string | undefined;
  conversation: ConversationResponse | undefined;
  initialMessages: UIMessage[];
  onCreated: (conversationId: string) => void;
  onReplyFinished: () => void;
  /** Its sharing changed, or the reader made a copy of their own (its id). */
  onSharingChanged: () => void;
  onCopied: (conversationId: string) => void;
}

/** A conversation, live: its messages scroll above a composer that stays at the bottom of the window. */
export function ChatSession({ conversationId, conversation, initialMessages, onCreated, onReplyFinished, onSharingChanged, onCopied }: ChatSessionProps) {
  const [choices, setChoices] = useState({ agentId: '', modelId: '' });
  const models = useApi(listModels, []).data;
  // The conversation's id once it has one (a new chat gets it from its first reply).
  const [liveId, setLiveId] = useState(conversationId);
  // The chat may keep the callbacks it was first given: they read the versions' loader of the latest render.
  const reloadVersions = useRef<() => Promise<void>>(undefined);
  const chat = useRouterChat({
    conversationId,
    initialMessages,
    choices,
    onCreated: (id) => {
      setLiveId(id);
      onCreated(id);
    },
    onReplyFinished: () => {
      void reloadVersions.current?.();
      onReplyFinished();
    },
  });
  const actions = useMessageActions(liveId, chat.showMessages);
  reloadVersions.current = actions.reload;
  const run = conversation?.workflowRun;
  const myId = useSession().me?.user.id;
  // Another member's chat they shared: read here, continued only as a copy of one's own.
  const sharedByOther = conversation !== undefined && !run && conversation.author?.id !== myId;
  const writes = useCan()('conversation.write');
  const chats = writes && !sharedByOther;
  // A run's conversation is the workflow's record: its steps are not regenerated or edited here.
  const branches = chats && !run;

  return (
    <section className="chat-session" aria-label="Conversation">
      {run && (
        <p className="chat-run-banner">
          Run #{run.id} of <Link href={`/workflows/${run.workflow.id}`}>{run.workflow.title}</Link> · {run.status.replace('_', ' ')}
        </p>
      )}
      {conversation && !run && (
        <ConversationSharing conversation={conversation} mine={!sharedByOther} canWrite={writes} onChanged={onSharingChanged} onCopied={onCopied} />
      )}
      {/* Only a member who may chat answers a tool's approval request; others see it waiting. */}
      <ToolApprovalContext.Provider value={chats ? chat.answerToolApproval : undefined}>
        <ChatActionsContext.Provider
          value={{
            actions,
            busy: chat.busy,
            canRate: chats,
            regenerate: branches ? chat.regenerate : undefined,
            edit: branches ? chat.edit : undefined,
            askerName: sharedByOther ? (conversation.author?.name ?? 'A former member') : undefined,
          }}
        >
          <MessageList
            messages={chat.messages}
            thinking={chat.status === 'submitted'}
            empty={writes && !run && <SuggestedPromptList agentId={choices.agentId} onPick={(text) => chat.send(text, [])} />}
          />
        </ChatActionsContext.Provider>
      </ToolApprovalContext.Provider>
      <ErrorMessage error={actions.error} />
      {chats && <OfflineModelBanner modelId={choices.modelId || models?.defaultModel} />}
      {chats ? (
        <Composer
          busy={chat.busy}
          onSend={chat.send}
          onStop={chat.stop}
          notice={<ChatErrorNotice error={chat.error} onDismiss={chat.clearError} />}
          options={<ChatOptions choices={choices} onChange={setChoices} models={models} />}
        />
      ) : (
        !sharedByOther && <p className="muted chat-read-only">Your role in this team reads conversations; it does not chat.</p>
      )}
    </section>
  );
}

interface ConversationSharingProps {
  conversation: ConversationResponse;
  /** The reader is its author. */
  mine: boolean;
  /** The reader may chat: share their own, or continue a copy of another's. */
  canWrite: boolean;
  onChanged: () => void;
  onCopied: (conversationId: string) => void;
}

/** Its author shares a chat with the team or takes it back; another member reads it and may continue a copy. */
function ConversationSharing({ conversation, mine, canWrite, onChanged, onCopied }: ConversationSharingProps) {
  const [shared, setShared] = useState(conversation.shared);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();

  async function act(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
      setError(undefined);
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="chat-sharing" role="status">
      {mine ? (
        <>
          <span className="muted">{shared ? 'Shared with the team: they can read it, not write in it.' : 'Only you can see this chat.'}</span>
          {canWrite && (
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  setShared((await setConversationSharing(conversation.id, !shared)).shared);
                  onChanged();
                })
              }
            >
              {shared ? 'Stop sharing' : 'Share with the team'}
            </button>
          )}
        </>
      ) : (
        <>
          <span className="muted">Shared by {conversation.author?.name ?? 'a former member'} · read-only</span>
          {canWrite && (
            <button type="button" disabled={busy} onClick={() => void act(async () => onCopied((await copyConversation(conversation.id)).id))}>
              Continue as my own copy
            </button>
          )}
        </>
      )}
      <ErrorMessage error={error} />
    </div>
  );
}
