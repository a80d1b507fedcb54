import type { UIMessage } from 'ai';
import type { Attachment } from './tools/asset-tool.js';

/** The text parts of a message, joined. */
export function textOf(message: UIMessage | undefined): string {
  return (message?.parts ?? [])
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .trim();
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)(?:;[^,]*)?;base64,(.*)$/s;

/** Files attached to a message as data URLs (what the chat client sends for uploads). */
export function attachmentsOf(message: UIMessage | undefined): Attachment[] {
  return (message?.parts ?? []).flatMap((part) => {
    if (part.type !== 'file') return [];
    const match = DATA_URL.exec(part.url);
    if (!match?.[1] || match[2] === undefined) return [];
    return [{ mediaType: part.mediaType || match[1], filename: part.filename, data: Buffer.from(match[2], 'base64') }];
  });
}
