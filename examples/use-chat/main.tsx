import { generateId } from 'ai';
import { createRoot } from 'react-dom/client';
import { App, type ChatMessage } from './app';

// The chat id lives in the URL (?chat=...), so a reload comes back to the same conversation.
const url = new URL(location.href);
const named = url.searchParams.get('chat');
const chatId = named ?? generateId();
if (!named) {
  url.searchParams.set('chat', chatId);
  history.replaceState(null, '', url);
}

// A chat the URL already named may have messages; a new one has none (the server has no conversation under it yet).
const initialMessages = named ? await storedMessages(chatId) : [];

createRoot(document.getElementById('root')!).render(<App chatId={chatId} initialMessages={initialMessages} />);

async function storedMessages(id: string): Promise<ChatMessage[]> {
  const response = await fetch(`/api/assistant/history?id=${encodeURIComponent(id)}`);
  if (!response.ok) return [];
  const stored = (await response.json()) as { messages: ChatMessage[] };
  return stored.messages;
}
