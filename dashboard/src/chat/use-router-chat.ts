import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai';
import { useRef, useState } from 'react';
import type { ReplyMetadata } from '../api/types';
import { ROUTER_URL, stopConversation } from './api';
import { ChatRequestError } from './chat-request-error';

// Stored user messages carry no metadata: every field may be missing.
export type ChatMessage = UIMessage<Partial<ReplyMetadata>>;

/** What the next message is sent with; empty means the router (or the agent) picks. */
export interface ChatChoices {
  agentId: string;
  modelId: string;
}

interface RouterChatOptions {
  conversationId: string | undefined;
  initialMessages: UIMessage[];
  choices: ChatChoices;
  onCreated: (conversationId: string) => void;
  onReplyFinished: () => void;
}

/**
 * A conversation, live: `useChat` against the router endpoint as it is. A reply still being
 * generated when the page (re)loads is resumed; stopping ends it on the server too. A refused
 * request comes back as a ChatRequestError. A tool approval answered is sent on its own. A reply
 * generated again, or a message edited and resent, keeps what it replaces as a version on the server.
 */
export function useRouterChat({ conversationId, initialMessages, choices, onCreated, onReplyFinished }: RouterChatOptions) {
  const conversationRef = useRef(conversationId);
  const choicesRef = useRef(choices);
  choicesRef.current = choices;

  const [transport] = useState(
    () =>
      new DefaultChatTransport<ChatMessage>({
        api: ROUTER_URL,
        credentials: 'same-origin',
        // The router takes exactly these fields; the conversation id it assigns comes back in a header.
        prepareSendMessagesRequest: ({ messages, trigger, messageId }) => ({
          body: {
            messages,
            // Regenerating names the reply replaced; a submit with messageId is an edit, which branches from there.
            trigger,
            messageId,
            conversationId: conversationRef.current,
            agentId: choicesRef.current.agentId || undefined,
            modelId: choicesRef.current.modelId || undefined,
          },
        }),
        fetch: async (input, init) => {
          let response: Response;
          try {
            response = await fetch(input, init);
          } catch (failure) {
            // Stopping aborts the request on purpose: the SDK expects the AbortError itself.
            if (init?.signal?.aborted) throw failure;
            throw ChatRequestError.unreachable();
          }
          if (!response.ok) throw await ChatRequestError.fromResponse(response);
          const assigned = response.headers.get('x-conversation-id');
          if (assigned && !conversationRef.current) {
            conversationRef.current = assigned;
            onCreated(assigned);
          }
          return response;
        },
      }),
  );

  const chat = useChat<ChatMessage>({
    id: conversationId,
    messages: initialMessages as ChatMessage[],
    transport,
    resume: conversationId !== undefined,
    onFinish: onReplyFinished,
    // Once every tool approval request of the reply is answered, the answers go to the router, which continues that reply.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });

  async function stop() {
    void chat.stop();
    if (conversationRef.current) {
      await stopConversation(conversationRef.current).catch(() => undefined);
    }
  }

  return {
    messages: chat.messages,
    status: chat.status,
    busy: chat.status === 'submitted' || chat.status === 'streaming',
    error: chat.error,
    clearError: chat.clearError,
    send: (text: string, files: File[]) => void chat.sendMessage({ text, files: files.length > 0 ? fileList(files) : undefined }),
    stop: () => void stop(),
    regenerate: (messageId: string) => void chat.regenerate({ messageId }),
    edit: (messageId: string, text: string) => void chat.sendMessage({ text, messageId }),
    /** Shows another version of the history (the server's, after paging to it). */
    showMessages: (messages: UIMessage[]) => chat.setMessages(messages as ChatMessage[]),
    answerToolApproval: (answer: { id: string; approved: boolean; reason?: string }) => void chat.addToolApprovalResponse(answer),
  };
}

/** The SDK reads attachments from a FileList, as a file input holds them. */
function fileList(files: File[]): FileList {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer.files;
}
