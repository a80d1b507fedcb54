import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import { ConversationTitles } from '../../src/assistant/conversation-titles.service.js';
import { type Caller, api } from './api.js';
import { type ParsedUIStream, readUIStream } from './read-ui-stream.js';

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
  const conversationId = String(response.headers['x-conversation-id']);
  // The reply is whole, and so is the conversation a caller reads next: its new title included.
  await titlesSettled(app, conversationId);
  return { ...parsed, conversationId };
}

/**
 * Resolves once the titles written after first replies (off the reply's path) are stored: the
 * conversation's, or every one under way. A reply's write starts before its stream ends, so after a
 * reply has been read this settles its conversation for good.
 */
export async function titlesSettled(app: INestApplication, conversationId?: string): Promise<void> {
  await app.get(ConversationTitles).settled(conversationId);
}

/** A conversation's title once the one written after its first reply stands. */
export async function settledTitle(app: INestApplication, conversationId: string): Promise<string> {
  await titlesSettled(app, conversationId);
  const [row] = await app.get(DataSource).query<{ title: string }[]>('SELECT title FROM conversations WHERE id = $1', [conversationId]);
  if (!row) throw new Error(`no conversation ${conversationId}`);
  return row.title;
}
