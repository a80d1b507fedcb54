import { randomUUID } from 'node:crypto';
import { BadRequestException } from '@nestjs/common';
import type { UIMessage } from 'ai';
import type { MessageField } from '../assistant/client-messages.js';

/** Roles an OpenAI chat request may hold. */
const ROLES: ReadonlySet<string> = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
/** `data:<media type>[;params],<data>`: the only image URLs taken, as nothing is ever fetched. */
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)[;,]/i;

/** Where a converted message came from: its place in the request, and the form of its content. */
export interface MessageOrigin {
  /** The request's field it came from: `messages[3]`, `input[1]`, or `input` (a string). */
  at: string;
  /** A string content is one text part; an array's parts are the message's parts, one for one. */
  contentIsArray: boolean;
  /** Where an image part's URL is: `image_url.url` in chat messages, `image_url` in Responses input. */
  imageUrlField: string;
}

/**
 * A request's messages as UI messages (the last one the message to answer), and the request's field
 * a field of `messages[i]` came from, for a 400 in the client's own terms.
 */
export interface ConvertedMessages {
  messages: UIMessage[];
  fieldOf: (at: MessageField) => string | undefined;
}

/** The converted messages with the fields they came from. */
export function convertedMessages(converted: { message: UIMessage; origin: MessageOrigin }[]): ConvertedMessages {
  return {
    messages: converted.map(({ message }) => message),
    fieldOf: (at) => {
      const origin = converted[at.message]?.origin;
      return origin && requestFieldOf(origin, at);
    },
  };
}

/**
 * OpenAI chat messages as the UI messages the router takes: user messages with their text and
 * images (data: URLs only), assistant messages with their text. System and developer messages are
 * dropped (the agents' instructions are this service's), as are tool results and assistant tool
 * calls (the agents run their tools on the server, and the client never saw them). Throws a 400
 * naming the OpenAI field at fault.
 */
export function toChatMessages(messages: Record<string, unknown>[]): ConvertedMessages {
  const converted = messages.flatMap((message, index) =>
    toChatMessage(message, `messages[${index}]`).map((uiMessage) => ({
      message: uiMessage,
      origin: { at: `messages[${index}]`, contentIsArray: Array.isArray(message.content), imageUrlField: 'image_url.url' },
    })),
  );
  if (converted.at(-1)?.message.role !== 'user') refuseField('messages', 'must end with a user message');
  return convertedMessages(converted);
}

/**
 * The request's field that a converted message's field came from: `messages[1].parts[0].url` of
 * the UI messages is the request's `messages[3].content[0].image_url.url` when two system messages
 * came first.
 */
function requestFieldOf(origin: MessageOrigin, { part, field }: Omit<MessageField, 'message'>): string {
  const message = origin.at;
  if (part === undefined) return field === undefined ? message : `${message}.${field}`;
  if (!origin.contentIsArray) return origin.at === 'input' ? 'input' : `${message}.content`;
  const contentPart = `${message}.content[${part}]`;
  if (field === 'url' || field === 'mediaType') return `${contentPart}.${origin.imageUrlField}`;
  return field === undefined ? contentPart : `${contentPart}.${field}`;
}

function toChatMessage(message: Record<string, unknown>, at: string): UIMessage[] {
  const { role, content } = message;
  if (typeof role !== 'string' || !ROLES.has(role)) refuseField(`${at}.role`, `must be one of ${[...ROLES].join(', ')}`);
  if (role === 'user') return [{ id: randomUUID(), role, parts: userParts(content, `${at}.content`, CHAT_CONTENT) }];
  if (role !== 'assistant') return [];
  const text = assistantText(content, `${at}.content`, CHAT_CONTENT);
  return text ? [{ id: randomUUID(), role, parts: [{ type: 'text', text }] }] : [];
}

/**
 * How one of OpenAI's APIs spells message content: chat completions and the Responses API name
 * the same parts differently (`text` / `input_text`, `image_url` / `input_image`, `text` /
 * `output_text`) and put an image's URL in different places.
 */
export interface ContentDialect {
  userText: string;
  userImage: string;
  assistantText: string;
  /** An image part's URL (a string, else a 400) and the field it sits at. */
  imageUrlOf: (part: Record<string, unknown>, at: string) => { url: string; at: string };
  /** Whether an assistant message may come without content (in chat completions, a turn of tool calls). */
  assistantContentMayBeNull: boolean;
}

const CHAT_CONTENT: ContentDialect = {
  userText: 'text',
  userImage: 'image_url',
  assistantText: 'text',
  imageUrlOf: (part, at) => {
    if (!isObject(part.image_url)) refuseField(`${at}.image_url`, 'must be an object with a url');
    return { url: stringAt(part.image_url.url, `${at}.image_url.url`), at: `${at}.image_url.url` };
  },
  assistantContentMayBeNull: true,
};

/** A user message's content (a string, or text and image parts) as UI message parts. */
export function userParts(content: unknown, at: string, dialect: ContentDialect): UIMessage['parts'] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content) || content.length === 0) refuseField(at, 'must be a string or a non-empty array of content parts');
  return content.map((part: unknown, index) => {
    const field = `${at}[${index}]`;
    if (!isObject(part)) refuseField(field, 'must be a content part object');
    if (part.type === dialect.userText) return { type: 'text', text: stringAt(part.text, `${field}.text`) };
    if (part.type === dialect.userImage) {
      const image = dialect.imageUrlOf(part, field);
      return dataUrlPart(image.url, image.at);
    }
    return refuseField(`${field}.type`, `must be "${dialect.userText}" or "${dialect.userImage}"`);
  });
}

/** An image given as a data: URL as a file part; any other URL is a 400, as nothing is ever fetched. */
export function dataUrlPart(url: string, at: string): UIMessage['parts'][number] {
  const mediaType = DATA_URL.exec(url)?.[1];
  if (!mediaType) refuseField(at, 'must be a data: URL (base64 image); URLs are never fetched');
  return { type: 'file', mediaType: mediaType.toLowerCase(), url };
}

/** The text of an assistant message; its refusal and tool call parts are not text. */
export function assistantText(content: unknown, at: string, dialect: ContentDialect): string {
  if (dialect.assistantContentMayBeNull && (content === undefined || content === null)) return '';
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) refuseField(at, dialect.assistantContentMayBeNull ? 'must be a string, an array of content parts or null' : 'must be a string or an array of content parts');
  return content
    .map((part: unknown, index) => (isObject(part) && part.type === dialect.assistantText ? stringAt(part.text, `${at}[${index}].text`) : ''))
    .join('');
}

export function stringAt(value: unknown, at: string): string {
  if (typeof value !== 'string') refuseField(at, 'must be a string');
  return value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 400 naming the request's field at fault, as OpenAI's `param`. */
export function refuseField(param: string, problem: string): never {
  throw new BadRequestException({ message: `${param}: ${problem}`, param });
}
