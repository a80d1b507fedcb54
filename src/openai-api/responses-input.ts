import { randomUUID } from 'node:crypto';
import type { UIMessage } from 'ai';
import { type ConvertedMessages, convertedMessages, dataUrlPart, isObject, type MessageOrigin, refuseField, stringAt } from './openai-messages.js';

/** Items a client may send back from earlier turns that tell nothing here: the agents' tools ran on the server. */
const IGNORED_ITEMS: ReadonlySet<string> = new Set(['function_call', 'function_call_output', 'reasoning']);
const ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'system', 'developer']);

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
  if (role === 'user') return { id: randomUUID(), role, parts: userParts(content, `${at}.content`) };
  if (role !== 'assistant') return undefined;
  const text = assistantText(content, `${at}.content`);
  return text ? { id: randomUUID(), role, parts: [{ type: 'text', text }] } : undefined;
}

function userParts(content: unknown, at: string): UIMessage['parts'] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content) || content.length === 0) refuseField(at, 'must be a string or a non-empty array of content parts');
  return content.map((part: unknown, index) => {
    const field = `${at}[${index}]`;
    if (!isObject(part)) refuseField(field, 'must be a content part object');
    if (part.type === 'input_text') return { type: 'text', text: stringAt(part.text, `${field}.text`) };
    if (part.type === 'input_image') {
      if (part.image_url === undefined || part.image_url === null) refuseField(`${field}.image_url`, 'must be a data: URL (base64 image); file ids are not supported');
      return dataUrlPart(stringAt(part.image_url, `${field}.image_url`), `${field}.image_url`);
    }
    return refuseField(`${field}.type`, 'must be "input_text" or "input_image"');
  });
}

/** The text of an assistant message; its refusals are not text. */
function assistantText(content: unknown, at: string): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) refuseField(at, 'must be a string or an array of content parts');
  return content.map((part: unknown, index) => (isObject(part) && part.type === 'output_text' ? stringAt(part.text, `${at}[${index}].text`) : '')).join('');
}
