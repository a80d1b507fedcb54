import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';

/** About 4 characters a token, as the offline model counts (and close to OpenAI's tokenisers for English). */
const CHARACTERS_PER_TOKEN = 4;
/** What a file in the prompt (an image, a PDF page) is taken to cost when the provider does not say: a high-detail image is ~765 tokens at OpenAI. */
const FILE_TOKENS = 1000;

/** Tokens of a text, estimated. */
export function tokensOfText(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

/**
 * The input tokens of a model call, estimated from what it sends: the messages, the tool and
 * output schemas, and a flat figure per file. Used when the provider never reported them (a call
 * stopped, failed or timed out before its finish, or a server that sends no usage).
 */
export function estimatePromptTokens(params: Pick<LanguageModelV4CallOptions, 'prompt' | 'tools' | 'responseFormat'>): number {
  const files = params.prompt.reduce((count, message) => count + filesOf(message), 0);
  const read = [...params.prompt.map(textOfMessage), JSON.stringify(params.tools ?? []), params.responseFormat?.type === 'json' ? JSON.stringify(params.responseFormat.schema ?? {}) : ''];
  return tokensOfText(read.join('\n')) + files * FILE_TOKENS;
}

function textOfMessage(message: LanguageModelV4Prompt[number]): string {
  if (message.role === 'system') return message.content;
  return message.content
    .map((part) => {
      if (part.type === 'text' || part.type === 'reasoning') return part.text;
      if (part.type === 'tool-call') return `${part.toolName}${JSON.stringify(part.input)}`;
      if (part.type === 'tool-result') return `${part.toolName}${JSON.stringify(part.output)}`;
      return '';
    })
    .join('\n');
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
