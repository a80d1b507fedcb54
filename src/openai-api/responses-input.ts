import { randomUUID } from 'node:crypto';
import type { UIMessage } from 'ai';
import { assistantText, type ContentDialect, type ConvertedMessages, convertedMessages, type MessageOrigin, refuseField, stringAt, userParts } from './openai-messages.js';

/** Items a client may send back from earlier turns that tell nothing here: the agents' tools ran on the server. */
const IGNORED_ITEMS: ReadonlySet<string> = new Set(['function_call', 'function_call_output', 'reasoning']);
const ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'system', 'developer']);
const RESPONSES_CONTENT: ContentDialect = {
  userText: 'input_text',
  userImage: 'input_image',
  assistantText: 'output_text',
  imageUrlOf: (part, at) => {
    if (part.image_url === undefined || part.image_url === null) refuseField(`${at}.image_url`, 'must be a data: URL (base64 image); file ids are not supported');
    return { url: stringAt(part.image_url, `${at}.image_url`), at: `${at}.image_url` };
  },
  assistantContentMayBeNull: false,
};

/** A Responses request's `input`: its messages, and the items it references by id (earlier replies of a stored conversation). */
export interface ResponsesInput {
  input: ConvertedMessages;
  /** `item_reference` ids, each with the field it was sent in. */
  references: { id: string; at: string }[];
}

/**
 * The Responses API's `input` as the UI messages the router takes: a text is one user message;
 * message items keep their text and images (data: URLs only) for users and their text for the
 * assistant. System and developer messages are dropped (the agents' instructions are this
 * service's), as are tool calls, tool results and reasoning. Throws a 400 naming the field at fault.
 */
export function toResponsesMessages(input: string | Record<string, unknown>[]): ResponsesInput {
  if (typeof input === 'string') {
    const message: UIMessage = { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: input }] };
    return { input: convertedMessages([{ message, origin: { at: 'input', contentIsArray: false, imageUrlField: 'image_url' } }]), references: [] };
  }
  const references: ResponsesInput['references'] = [];
  const converted: { message: UIMessage; origin: MessageOrigin }[] = [];
  input.forEach((item, index) => {
    const at = `input[${index}]`;
    if (item.type === 'item_reference') {
      references.push({ id: stringAt(item.id, `${at}.id`), at: `${at}.id` });
      return;
    }
    if (typeof item.type === 'string' && IGNORED_ITEMS.has(item.type)) return;
    if (item.type !== undefined && item.type !== 'message') refuseField(`${at}.type`, 'must be "message" or "item_reference"');
    const message = toMessage(item, at);
    if (message) converted.push({ message, origin: { at, contentIsArray: Array.isArray(item.content), imageUrlField: 'image_url' } });
  });
  if (converted.at(-1)?.message.role !== 'user') refuseField('input', 'must end with a user message');
  return { input: convertedMessages(converted), references };
}

function toMessage(item: Record<string, unknown>, at: string): UIMessage | undefined {
  const { role, content } = item;
  if (typeof role !== 'string' || !ROLES.has(role)) refuseField(`${at}.role`, `must be one of ${[...ROLES].join(', ')}`);
  if (role === 'user') return { id: randomUUID(), role, parts: userParts(content, `${at}.content`, RESPONSES_CONTENT) };
  if (role !== 'assistant') return undefined;
  const text = assistantText(content, `${at}.content`, RESPONSES_CONTENT);
  return text ? { id: randomUUID(), role, parts: [{ type: 'text', text }] } : undefined;
}
