import type { UIMessage } from 'ai';
import type { AssetResponse } from '../assets/asset.response.js';

/** The text parts of a message, joined. */
export function textOf(message: UIMessage | undefined): string {
  return (message?.parts ?? [])
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .trim();
}

/**
 * What a reply said and made: its text, then the content of each asset it made or changed (its last
 * version), which the chat shows as the asset's card rather than in the text. A workflow step's
 * output as later steps and its reviewers read it.
 */
export function outputOf(message: UIMessage): string {
  const assets = new Map<number, AssetResponse>();
  for (const part of message.parts) if (part.type === 'data-asset') assets.set((part.data as AssetResponse).id, part.data as AssetResponse);
  const made = [...assets.values()].filter((asset) => asset.type !== 'image' && asset.content).map((asset) => asset.content);
  return [textOf(message), ...made].filter(Boolean).join('\n\n');
}
