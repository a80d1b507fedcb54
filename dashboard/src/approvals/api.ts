import { client, type Schema, sendUntyped } from '../api/client';
import type { InboxDecisionResult, InboxItem } from '../api/types';

// The approvals inbox's calls. `sendUntyped<T>`: the document has no success schema for that answer
// yet, so T is the server's own type, named here until it does.

export const listInbox = () => sendUntyped<InboxItem[]>(client.GET('/api/approvals'));

export const decideInbox = (decisions: Schema<'InboxDecisionDto'>[]) =>
  sendUntyped<{ results: InboxDecisionResult[] }>(client.POST('/api/approvals/decide', { body: { decisions } }));
