import type { UIMessage } from 'ai';
import { client, send } from '../api/client';

// The chat's calls besides the reply stream (useChat posts to /api/assistant/router itself).

/** Where useChat posts a message and reads the reply's stream (the AI SDK's transport, not this client). */
export const ROUTER_URL = '/api/assistant/router';

export const listAgents = () => send(client.GET('/api/assistant/agents'));

export const listModels = () => send(client.GET('/api/assistant/models'));

export const listConversations = () => send(client.GET('/api/assistant/conversations'));

/** A conversation's history. Its messages are the AI SDK's UIMessages, which the document types loosely (parts of any shape). */
export async function conversationHistory(id: string) {
  const history = await send(client.GET('/api/assistant/history', { params: { query: { id } } }));
  return { ...history, messages: history.messages as UIMessage[] };
}

export const deleteConversation = (id: string) => send(client.DELETE('/api/assistant/conversations', { params: { query: { id } } }));

export const stopConversation = (id: string) => send(client.POST('/api/assistant/conversations/{id}/stop', { params: { path: { id } } }));
