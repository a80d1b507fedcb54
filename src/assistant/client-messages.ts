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
 * Files are checked by ChatFilesService. Throws a 400 naming the first field at fault.
 */
export function checkClientMessages(messages: UIMessage[]): void {
  const firstIndexOfId = new Map<string, number>();
  messages.forEach((message, index) => {
    const at = `messages[${index}]`;
    if (message.id.length === 0) fail(`${at}.id`, 'must not be empty');
    if (message.id.length > MESSAGE_ID_MAX_LENGTH) fail(`${at}.id`, `must be at most ${MESSAGE_ID_MAX_LENGTH} characters`);
    const earlier = firstIndexOfId.get(message.id);
    if (earlier !== undefined) fail(`${at}.id`, `has the same id as messages[${earlier}]`);
    firstIndexOfId.set(message.id, index);
    if (message.role === 'system') fail(`${at}.role`, '"system" messages cannot be sent');
    if (message.role === 'user') checkUserMessage(message, at);
  });
}

function checkUserMessage(message: UIMessage, at: string): void {
  if (message.metadata !== undefined) fail(`${at}.metadata`, 'a user message cannot carry metadata');
  message.parts.forEach((part, index) => {
    const field = `${at}.parts[${index}]`;
    if (!USER_PART_TYPES.has(part.type)) fail(`${field}.type`, `"${part.type}" parts cannot be sent; a user message holds text and file parts only`);
    if ('providerMetadata' in part && part.providerMetadata !== undefined) fail(`${field}.providerMetadata`, 'cannot be sent');
    if (part.type === 'text' && part.text.length > TEXT_MAX_LENGTH) fail(`${field}.text`, `must be at most ${TEXT_MAX_LENGTH} characters`);
    if (part.type === 'file' && (part.filename?.length ?? 0) > FILENAME_MAX_LENGTH) fail(`${field}.filename`, `must be at most ${FILENAME_MAX_LENGTH} characters`);
  });
}

function fail(field: string, problem: string): never {
  throw new BadRequestException(`${field}: ${problem}`);
}
