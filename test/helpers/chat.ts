import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import { type Caller, api } from './api.js';
import { waitFor } from './mail-catcher.js';
import { type ParsedUIStream, readUIStream } from './read-ui-stream.js';

export function userMessage(text: string, extraParts: UIMessage['parts'] = []): UIMessage {
  return { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }, ...extraParts] };
}

export interface ChatReply extends ParsedUIStream {
  conversationId: string;
}

/** Sends messages to the router and parses the streamed reply as a chat client would. */
export async function chat(
  app: INestApplication,
  caller: Caller,
  body: { messages: UIMessage[]; conversationId?: string; agentId?: string; modelId?: string },
): Promise<ChatReply> {
  const response = await api(app, caller).post('/api/assistant/router').send(body).expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
  const parsed = await readUIStream(response.text);
  return { ...parsed, conversationId: String(response.headers['x-conversation-id']) };
}

export function textOfMessage(message: UIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * A conversation's title once the one written after its first reply stands (the model's, off the
 * reply's path; or a rename): until then it is its first message, cut, and may change under a reader.
 */
export async function settledTitle(app: INestApplication, conversationId: string): Promise<string> {
  const database = app.get(DataSource);
  return waitFor(async () => (await database.query<{ title: string }[]>('SELECT title FROM conversations WHERE id = $1 AND title_final', [conversationId]))[0]?.title, 'the conversation\'s title');
}
