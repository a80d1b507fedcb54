import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';

/** About 4 characters a token: close to OpenAI's tokenisers for English. */
export const CHARACTERS_PER_TOKEN = 4;

/** Tokens of a text, estimated. */
export function tokensOfText(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

/**
 * The tokens a model reads of a call, files left out: the instructions, messages and tool results,
 * and the tool and output schemas it is shown. The offline model reports this as its input; the
 * usage meter estimates a call the provider never reported from it.
 */
export function promptTextTokens(options: Pick<LanguageModelV4CallOptions, 'prompt' | 'tools' | 'responseFormat'>): number {
  const read = [...options.prompt.map(textOfMessage), JSON.stringify(options.tools ?? []), options.responseFormat?.type === 'json' ? JSON.stringify(options.responseFormat.schema ?? {}) : ''];
  return tokensOfText(read.join('\n'));
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
