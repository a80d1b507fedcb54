// UI messages as a chat client sends and reads them. No app imports: fault files use these
// without loading the app into their worker.
import { randomUUID } from 'node:crypto';
import type { UIMessage } from 'ai';

/** A user's message with its text first, then any other parts (files, data). */
export function userMessage(text: string, extraParts: UIMessage['parts'] = []): UIMessage {
  return { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }, ...extraParts] };
}

/** The text parts of a message, joined. */
export function textOfMessage(message: UIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}
