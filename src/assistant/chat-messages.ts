import type { UIMessage } from 'ai';

/** The text parts of a message, joined. */
export function textOf(message: UIMessage | undefined): string {
  return (message?.parts ?? [])
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .trim();
}
