import type { UIMessage } from 'ai';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ConversationResponse } from '../api/types';
import { useCan } from '../session/session';
import { ChatErrorNotice } from './chat-error-notice';
import { ChatOptions } from './chat-options';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { ToolApprovalContext } from './tool-approval';
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
  const chat = useRouterChat({ conversationId, initialMessages, choices, onCreated, onReplyFinished });
  const run = conversation?.workflowRun;
  const writes = useCan()('conversation.write');

  return (
    <section className="chat-session" aria-label="Conversation">
      {run && (
        <p className="chat-run-banner">
          Run #{run.id} of <Link href={`/workflows/${run.workflow.id}`}>{run.workflow.title}</Link> · {run.status.replace('_', ' ')}
        </p>
      )}
      {/* Only a member who may chat answers a tool's approval request; others see it waiting. */}
      <ToolApprovalContext.Provider value={writes ? chat.answerToolApproval : undefined}>
        <MessageList messages={chat.messages} thinking={chat.status === 'submitted'} />
      </ToolApprovalContext.Provider>
      {writes ? (
        <Composer
          busy={chat.busy}
          onSend={chat.send}
          onStop={chat.stop}
          notice={<ChatErrorNotice error={chat.error} onDismiss={chat.clearError} />}
          options={<ChatOptions choices={choices} onChange={setChoices} />}
        />
      ) : (
        <p className="muted chat-read-only">Your role in this team reads conversations; it does not chat.</p>
      )}
    </section>
  );
}
