import { client, send, sendUntyped } from '../api/client';
import type { ConversationResponse, HistoryResponse } from '../api/types';

// The chat's calls besides the reply stream (useChat posts to /api/assistant/router itself).
// `sendUntyped<T>`: the document has no success schema for that answer yet, so T is the server's own
// type, named here until it does.

/** Where useChat posts a message and reads the reply's stream (the AI SDK's transport, not this client). */
export const ROUTER_URL = '/api/assistant/router';

export const listAgents = () => send(client.GET('/api/assistant/agents'));

export const listModels = () => send(client.GET('/api/assistant/models'));

export const listConversations = () => sendUntyped<ConversationResponse[]>(client.GET('/api/assistant/conversations'));

export const conversationHistory = (id: string) => sendUntyped<HistoryResponse>(client.GET('/api/assistant/history', { params: { query: { id } } }));

export const deleteConversation = (id: string) => sendUntyped<unknown>(client.DELETE('/api/assistant/conversations', { params: { query: { id } } }));

export const stopConversation = (id: string) => sendUntyped<unknown>(client.POST('/api/assistant/conversations/{id}/stop', { params: { path: { id } } }));
