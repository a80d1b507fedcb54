import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { CHARACTERS_PER_TOKEN, promptTextTokens } from '../llm/prompt-tokens.js';

/** What a file in the prompt (an image, a PDF page) is taken to cost when the provider does not say: a high-detail image is ~765 tokens at OpenAI. */
const FILE_TOKENS = 1000;

/**
 * The input tokens of a model call, estimated from what it sends: the messages, the tool and
 * output schemas, and a flat figure per file. Used when the provider never reported them (a call
 * stopped, failed or timed out before its finish, or a server that sends no usage).
 */
export function estimatePromptTokens(params: Pick<LanguageModelV4CallOptions, 'prompt' | 'tools' | 'responseFormat'>): number {
  const files = params.prompt.reduce((count, message) => count + filesOf(message), 0);
  return promptTextTokens(params) + files * FILE_TOKENS;
}

function filesOf(message: LanguageModelV4Prompt[number]): number {
  if (message.role === 'system') return 0;
  return message.content.filter((part) => part.type === 'file').length;
}

/** The prompt tokens of chat messages (UI messages), estimated from their text and files: what a reply to them reads, at least. */
export function estimateMessageTokens(messages: readonly { parts: readonly { type: string }[] }[]): number {
  let characters = 0;
  let files = 0;
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type === 'file') files++;
      else if ('text' in part && typeof part.text === 'string') characters += part.text.length;
    }
  }
  return Math.ceil(characters / CHARACTERS_PER_TOKEN) + files * FILE_TOKENS;
}
