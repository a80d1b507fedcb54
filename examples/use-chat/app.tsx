import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { type FormEvent, useState } from 'react';

/** The asset a tool made, as the router streams it in a `data-asset` part. */
interface Asset {
  type: string;
  title: string;
}

export type ChatMessage = UIMessage<unknown, { asset: Asset }>;

// The AI SDK's own transport, as it comes: it posts {id, messages, trigger, messageId}.
const transport = new DefaultChatTransport<ChatMessage>({ api: '/api/assistant/router' });

export function App({ chatId, initialMessages }: { chatId: string; initialMessages: ChatMessage[] }) {
  const { messages, sendMessage, status, stop, regenerate, error } = useChat<ChatMessage>({
    id: chatId,
    messages: initialMessages,
    transport,
    // On load, picks up a reply still being generated (after a reload, say).
    resume: true,
  });
  const [input, setInput] = useState('');
  const busy = status === 'submitted' || status === 'streaming';

  function send(event: FormEvent) {
    event.preventDefault();
    if (!input.trim()) return;
    void sendMessage({ text: input });
    setInput('');
  }

  // stop() only drops this page's connection; the server goes on generating until told to stop.
  function stopReply() {
    void stop();
    void fetch(`/api/assistant/conversations/${encodeURIComponent(chatId)}/stop`, { method: 'POST' });
  }

  return (
    <main style={{ maxWidth: 720, margin: '2rem auto', fontFamily: 'system-ui, sans-serif' }}>
      {messages.map((message) => (
        <article key={message.id} aria-label={`${message.role} said`}>
          <strong>{message.role}</strong>
          {message.parts.map((part, index) => {
            if (part.type === 'text') return <p key={index}>{part.text}</p>;
            if (part.type === 'data-asset') return <p key={index}>Asset: {part.data.title} ({part.data.type})</p>;
            return null;
          })}
        </article>
      ))}
      {error && <p role="alert">{error.message}</p>}
      <form onSubmit={send}>
        <input aria-label="Message" value={input} onChange={(event) => setInput(event.target.value)} />
        <button type="submit" disabled={busy}>
          Send
        </button>
        <button type="button" onClick={stopReply} disabled={!busy}>
          Stop
        </button>
        <button type="button" onClick={() => void regenerate()} disabled={busy || messages.at(-1)?.role !== 'assistant'}>
          Regenerate
        </button>
      </form>
    </main>
  );
}
