import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { api } from '../api/client';
import type { AgentResponse, AssetResponse, ConversationResponse, ModelsResponse, ReplyMetadata } from '../api/types';
import { useApi } from '../api/use-api';
import { AssetCard } from './asset-card';
import { ErrorMessage } from './error-message';
import { Markdown } from './markdown';


// Stored user messages carry no metadata: every field may be missing.
type ChatMessage = UIMessage<Partial<ReplyMetadata>>;

interface ChatSessionProps {
  conversationId: string | undefined;
  conversation: ConversationResponse | undefined;
  initialMessages: UIMessage[];
  onCreated: (conversationId: string) => void;
  onReplyFinished: () => void;
}

/**
 * A conversation, live: `useChat` against the router endpoint as it is. A reply still being
 * generated when the page (re)loads is resumed; Stop ends it on the server too.
 */
export function ChatSession({ conversationId, conversation, initialMessages, onCreated, onReplyFinished }: ChatSessionProps) {
  const conversationRef = useRef(conversationId);
  const choices = useRef({ agentId: '', modelId: '' });
  const [agentId, setAgentId] = useState('');
  const [modelId, setModelId] = useState('');
  choices.current = { agentId, modelId };
  const agents = useApi<AgentResponse[]>('/assistant/agents');
  const models = useApi<ModelsResponse>('/assistant/models');

  const [transport] = useState(
    () =>
      new DefaultChatTransport<ChatMessage>({
        api: '/api/assistant/router',
        credentials: 'same-origin',
        // The router takes exactly these fields; the conversation id it assigns comes back in a header.
        prepareSendMessagesRequest: ({ messages }) => ({
          body: {
            messages,
            conversationId: conversationRef.current,
            agentId: choices.current.agentId || undefined,
            modelId: choices.current.modelId || undefined,
          },
        }),
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          const assigned = response.headers.get('x-conversation-id');
          if (assigned && !conversationRef.current) {
            conversationRef.current = assigned;
            onCreated(assigned);
          }
          return response;
        },
      }),
  );

  const { messages, sendMessage, status, stop, error } = useChat<ChatMessage>({
    id: conversationId,
    messages: initialMessages as ChatMessage[],
    transport,
    resume: conversationId !== undefined,
    onFinish: onReplyFinished,
  });
  const busy = status === 'submitted' || status === 'streaming';

  async function stopReply() {
    void stop();
    if (conversationRef.current) {
      await api('POST', `/assistant/conversations/${conversationRef.current}/stop`).catch(() => undefined);
    }
  }

  return (
    <section className="chat" aria-label="Conversation">
      {conversation?.workflowRun && (
        <p className="run-banner">
          Run #{conversation.workflowRun.id} of{' '}
          <Link href={`/workflows/${conversation.workflowRun.workflow.id}`}>{conversation.workflowRun.workflow.title}</Link> ·{' '}
          {conversation.workflowRun.status.replace('_', ' ')}
        </p>
      )}
      <div className="messages" role="log" aria-live="polite" aria-label="Messages">
        {messages.length === 0 && <p className="muted">Ask for a LinkedIn post, a video script, an image, a receipt summary or a contract review.</p>}
        {messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
        {status === 'submitted' && <p className="muted">Thinking…</p>}
      </div>
      <ErrorMessage error={error && new Error(readableError(error))} />
      <Composer busy={busy} onSend={(text, files) => void sendMessage({ text, files })} onStop={() => void stopReply()}>
        <label>
          Agent
          <select value={agentId} onChange={(event) => setAgentId(event.target.value)}>
            <option value="">Automatic</option>
            {agents.data?.map((agent) => (
              <option key={agent.id} value={agent.id} title={agent.description}>
                {agent.id} ({agent.niche})
              </option>
            ))}
          </select>
        </label>
        <label>
          Model
          <select value={modelId} onChange={(event) => setModelId(event.target.value)}>
            <option value="">Agent default ({models.data?.defaultModel ?? '…'})</option>
            {models.data?.models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </label>
      </Composer>
    </section>
  );
}

function Message({ message }: { message: ChatMessage }) {
  const author = message.role === 'user' ? 'You' : (message.metadata?.agentId ?? 'Assistant');
  return (
    <article className={`message ${message.role}`} aria-label={`${author} said`}>
      <header>
        <strong>{author}</strong>
        {message.metadata?.modelId && <span className="muted"> · {message.metadata.modelId}</span>}
        {message.metadata?.stopped && <span className="badge">stopped</span>}
      </header>
      {message.parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === 'text') return <Markdown key={key} text={part.text} />;
        if (part.type === 'file') return <p key={key} className="attachment">Attached: {part.filename ?? part.mediaType}</p>;
        if (part.type === 'data-asset') return <AssetCard key={key} asset={part.data as AssetResponse} />;
        if (part.type.startsWith('tool-')) return <p key={key} className="muted tool-call">Used {part.type.slice('tool-'.length)}</p>;
        return null;
      })}
    </article>
  );
}

interface ComposerProps {
  busy: boolean;
  onSend: (text: string, files: FileList | undefined) => void;
  onStop: () => void;
  children: React.ReactNode;
}

function Composer({ busy, onSend, onStop, children }: ComposerProps) {
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textArea.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const files = fileInput.current?.files?.length ? fileInput.current.files : undefined;
    if (!text.trim() && !files) return;
    onSend(text.trim() || 'Please read the attached file.', files);
    setText('');
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <form className="composer" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="composer-text">
        Message
      </label>
      <textarea
        id="composer-text"
        ref={textArea}
        value={text}
        rows={3}
        placeholder="Message the assistant…"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) submit(event);
        }}
      />
      <div className="row">
        {children}
        <label>
          Attach
          <input ref={fileInput} type="file" accept="application/pdf,text/plain,image/*" />
        </label>
        {busy ? (
          <button type="button" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit">Send</button>
        )}
      </div>
    </form>
  );
}

/** The transport puts the response body in the message: show the API's own message. */
function readableError(error: Error): string {
  try {
    const body = JSON.parse(error.message) as { message?: string | string[] };
    if (body.message) return Array.isArray(body.message) ? body.message.join('; ') : body.message;
  } catch {
    // Not an API error body.
  }
  return error.message;
}
