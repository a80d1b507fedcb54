import type { UIMessage } from 'ai';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ConversationResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { useCan } from '../session/session';
import { listModels } from './api';
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
}

/** A conversation, live: its messages scroll above a composer that stays at the bottom of the window. */
export function ChatSession({ conversationId, conversation, initialMessages, onCreated, onReplyFinished }: ChatSessionProps) {
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
  const writes = useCan()('conversation.write');
  // A run's conversation is the workflow's record: its steps are not regenerated or edited here.
  const branches = writes && !run;

  return (
    <section className="chat-session" aria-label="Conversation">
      {run && (
        <p className="chat-run-banner">
          Run #{run.id} of <Link href={`/workflows/${run.workflow.id}`}>{run.workflow.title}</Link> · {run.status.replace('_', ' ')}
        </p>
      )}
      {/* Only a member who may chat answers a tool's approval request; others see it waiting. */}
      <ToolApprovalContext.Provider value={writes ? chat.answerToolApproval : undefined}>
        <ChatActionsContext.Provider
          value={{ actions, busy: chat.busy, canRate: writes, regenerate: branches ? chat.regenerate : undefined, edit: branches ? chat.edit : undefined }}
        >
          <MessageList
            messages={chat.messages}
            thinking={chat.status === 'submitted'}
            empty={writes && !run && <SuggestedPromptList agentId={choices.agentId} onPick={(text) => chat.send(text, [])} />}
          />
        </ChatActionsContext.Provider>
      </ToolApprovalContext.Provider>
      <ErrorMessage error={actions.error} />
      {writes && <OfflineModelBanner modelId={choices.modelId || models?.defaultModel} />}
      {writes ? (
        <Composer
          busy={chat.busy}
          onSend={chat.send}
          onStop={chat.stop}
          notice={<ChatErrorNotice error={chat.error} onDismiss={chat.clearError} />}
          options={<ChatOptions choices={choices} onChange={setChoices} models={models} />}
        />
      ) : (
        <p className="muted chat-read-only">Your role in this team reads conversations; it does not chat.</p>
      )}
    </section>
  );
}
