import { BadRequestException } from '@nestjs/common';
import type { UIMessage } from 'ai';

export const MESSAGE_ID_MAX_LENGTH = 200;
const TEXT_MAX_LENGTH = 100_000;
const FILENAME_MAX_LENGTH = 255;
/** What a user message may hold: what the chat client sends for typed text and attached files. */
const USER_PART_TYPES: ReadonlySet<string> = new Set(['text', 'file']);

/**
 * Checks what a client sent beyond the UI message schema (which `safeValidateUIMessages` checks)
 * and beyond the NUL bytes and unpaired surrogates every request body is checked for
 * (UnsafeTextPipe):
 * - message ids of 1–200 characters, unique in the request;
 * - no system messages; assistant messages are accepted as the chat client resends them, but
 *   never stored or shown to a model (stored history is the truth);
 * - user messages: text and file parts only (a `data-*` part would show as an asset card that no
 *   tool made), no metadata (it names the agent and model of replies), no provider metadata
 *   (options passed through to the model provider), texts of at most 100,000 characters.
 * Files are checked by ChatFilesService. Throws a MessageFieldException (400) naming the first field at fault.
 */
export function checkClientMessages(messages: UIMessage[]): void {
  const firstIndexOfId = new Map<string, number>();
  messages.forEach((message, index) => {
    const id = { message: index, field: 'id' };
    if (message.id.length === 0) fail(id, 'must not be empty');
    if (message.id.length > MESSAGE_ID_MAX_LENGTH) fail(id, `must be at most ${MESSAGE_ID_MAX_LENGTH} characters`);
    const earlier = firstIndexOfId.get(message.id);
    if (earlier !== undefined) fail(id, `has the same id as messages[${earlier}]`);
    firstIndexOfId.set(message.id, index);
    if (message.role === 'system') fail({ message: index, field: 'role' }, '"system" messages cannot be sent');
    if (message.role === 'user') checkUserMessage(message, index);
  });
}

function checkUserMessage(message: UIMessage, index: number): void {
  if (message.metadata !== undefined) fail({ message: index, field: 'metadata' }, 'a user message cannot carry metadata');
  message.parts.forEach((part, partIndex) => {
    const at = (field: string) => ({ message: index, part: partIndex, field });
    if (!USER_PART_TYPES.has(part.type)) fail(at('type'), `"${part.type}" parts cannot be sent; a user message holds text and file parts only`);
    if ('providerMetadata' in part && part.providerMetadata !== undefined) fail(at('providerMetadata'), 'cannot be sent');
    if (part.type === 'text' && part.text.length > TEXT_MAX_LENGTH) fail(at('text'), `must be at most ${TEXT_MAX_LENGTH} characters`);
    if (part.type === 'file' && (part.filename?.length ?? 0) > FILENAME_MAX_LENGTH) fail(at('filename'), `must be at most ${FILENAME_MAX_LENGTH} characters`);
  });
}

/**
 * The message a reply answers must say something: a blank one was stored, titled "New
 * conversation", and answered by a model call about nothing. Throws a MessageFieldException (400).
 */
export function checkMessageToAnswer(message: UIMessage, index: number): void {
  const saysSomething = message.parts.some((part) => part.type === 'file' || (part.type === 'text' && part.text.trim() !== ''));
  if (!saysSomething) fail({ message: index }, 'the message to answer has no text and no file');
}

/** Where in a request's `messages` a problem is: a message, or one of its parts, and a field of it. */
export interface MessageField {
  message: number;
  part?: number;
  /** A field of the message or part (`text`, `url`, ...); none for the whole of it. */
  field?: string;
}

/**
 * A 400 about one field of the request's messages, named as the router's UI messages name it
 * (`messages[1].parts[0].text: ...`). The place is kept apart, so that an API whose requests hold
 * other shapes (OpenAI's chat messages, converted to UI messages) can name its own field instead.
 */
export class MessageFieldException extends BadRequestException {
  constructor(
    readonly at: MessageField,
    readonly problem: string,
  ) {
    super(`${uiMessageFieldName(at)}: ${problem}`);
  }
}

function uiMessageFieldName({ message, part, field }: MessageField): string {
  return `messages[${message}]${part === undefined ? '' : `.parts[${part}]`}${field === undefined ? '' : `.${field}`}`;
}

function fail(at: MessageField, problem: string): never {
  throw new MessageFieldException(at, problem);
}
