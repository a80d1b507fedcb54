import type { AssetResponse } from '../assets/asset.response.js';

/** OpenAI's model object; `description` is this service's addition. */
export interface ModelObject {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  description: string;
}

export interface ModelList {
  object: 'list';
  data: ModelObject[];
}

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** Fields of this service on completions and chunks: the conversation the reply is stored in, the assets its tools saved. */
interface ServiceFields {
  conversation_id: string;
  assets: AssetResponse[];
}

export interface ChatCompletion extends ServiceFields {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: 0;
    message: { role: 'assistant'; content: string; refusal: null };
    logprobs: null;
    finish_reason: 'stop';
  }[];
  usage: CompletionUsage;
}

export interface ChatCompletionChunk extends Partial<ServiceFields> {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  conversation_id: string;
  choices: {
    index: 0;
    delta: { role?: 'assistant'; content?: string };
    logprobs: null;
    finish_reason: 'stop' | null;
  }[];
  usage?: CompletionUsage;
}
