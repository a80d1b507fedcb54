import type { UIMessageChunk } from 'ai';
import type { AssetResponse } from '../assets/asset.response.js';
import type { ReplyMetadata } from '../assistant/reply-metadata.js';
import type { CompletionUsage } from './openai.response.js';

/** What an OpenAI client is told of a reply: its text, the assets its tools saved, its usage, or its failure. */
export type ReplyPart = { text: string } | { asset: AssetResponse } | { usage: CompletionUsage } | { error: string };

/**
 * A reply's UI message chunks as the parts an OpenAI completion has. Tool calls are left out: they
 * ran on the server, and what they made arrives as assets.
 */
export async function* replyParts(chunks: AsyncIterable<UIMessageChunk>): AsyncIterable<ReplyPart> {
  for await (const chunk of chunks) {
    if (chunk.type === 'text-delta') yield { text: chunk.delta };
    else if (chunk.type === 'data-asset') yield { asset: chunk.data as AssetResponse };
    else if (chunk.type === 'error') yield { error: chunk.errorText };
    else if (chunk.type === 'finish') yield { usage: usageOf(chunk.messageMetadata as ReplyMetadata | undefined) };
  }
}

function usageOf(metadata: ReplyMetadata | undefined): CompletionUsage {
  const prompt = metadata?.usage?.inputTokens ?? 0;
  const completion = metadata?.usage?.outputTokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}
