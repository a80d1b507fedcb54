import { client, type Schema, send } from '../api/client';

export const listInbox = () => send(client.GET('/api/approvals'));

export const decideInbox = (decisions: Schema<'InboxDecisionDto'>[]) =>
  send(client.POST('/api/approvals/decide', { body: { decisions } }));
