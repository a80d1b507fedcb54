import type { UIMessage } from 'ai';
import { client, send } from '../api/client';

// The chat's calls besides the reply stream (useChat posts to /api/assistant/router itself).

/** Where useChat posts a message and reads the reply's stream (the AI SDK's transport, not this client). */
export const ROUTER_URL = '/api/assistant/router';

export const listAgents = () => send(client.GET('/api/assistant/agents'));

export const listModels = () => send(client.GET('/api/assistant/models'));

/** The most the conversation list answers at once (the API's page). */
export const CONVERSATION_PAGE = 50;

/** One page of the caller's conversations, newest first. */
export const listConversations = (offset = 0) => send(client.GET('/api/assistant/conversations', { params: { query: { limit: CONVERSATION_PAGE, offset } } }));

/** A conversation's history. Its messages are the AI SDK's UIMessages, which the document types loosely (parts of any shape). */
export async function conversationHistory(id: string) {
  const history = await send(client.GET('/api/assistant/history', { params: { query: { id } } }));
  return { ...history, messages: history.messages as UIMessage[] };
}

/** Shares the caller's chat with the team (read-only for the others), or makes it private again. */
export const setConversationSharing = (id: string, shared: boolean) =>
  send(client.PUT('/api/assistant/conversations/{id}/sharing', { params: { path: { id } }, body: { shared } }));

/** "Continue as my own copy": a new private chat of the caller with the history of one they may read. */
export const copyConversation = (id: string) => send(client.POST('/api/assistant/conversations/{id}/copies', { params: { path: { id } } }));

export const deleteConversation = (id: string) => send(client.DELETE('/api/assistant/conversations', { params: { query: { id } } }));

export const stopConversation = (id: string) => send(client.POST('/api/assistant/conversations/{id}/stop', { params: { path: { id } } }));

/** The history shown and, at each fork, the versions kept (replies generated again, messages edited). */
export async function conversationBranches(id: string) {
  const branches = await send(client.GET('/api/assistant/conversations/{id}/branches', { params: { path: { id } } }));
  return { ...branches, messages: branches.messages as UIMessage[] };
}

/** Shows another version at its fork; answers as conversationBranches does. */
export async function showVersion(id: string, version: string) {
  const branches = await send(client.POST('/api/assistant/conversations/{id}/branches', { params: { path: { id } }, body: { version } }));
  return { ...branches, messages: branches.messages as UIMessage[] };
}

/** The caller's ratings of the conversation's replies. */
export const conversationFeedback = (id: string) => send(client.GET('/api/assistant/conversations/{id}/feedback', { params: { path: { id } } }));

export const rateReply = (id: string, messageId: string, rating: 'up' | 'down', note: string | null) =>
  send(client.PUT('/api/assistant/conversations/{id}/messages/{messageId}/feedback', { params: { path: { id, messageId } }, body: { rating, note } }));

export const removeRating = (id: string, messageId: string) =>
  send(client.DELETE('/api/assistant/conversations/{id}/messages/{messageId}/feedback', { params: { path: { id, messageId } } }));

export const searchConversations = (q: string) => send(client.GET('/api/assistant/search', { params: { query: { q } } }));
