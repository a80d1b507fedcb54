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

/** The Responses API's usage. */
export interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export interface ResponseOutputText {
  type: 'output_text';
  text: string;
  annotations: never[];
  logprobs: never[];
}

/** The reply, the one item of a response's output. */
export interface ResponseOutputMessage {
  type: 'message';
  id: string;
  status: 'in_progress' | 'completed';
  role: 'assistant';
  content: ResponseOutputText[];
}

export type ResponseTextFormat = { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; name: string; description?: string; schema: object; strict: boolean | null };

/** The Responses API's response object, as far as it means something here. */
export interface ResponseObject extends ServiceFields {
  id: string;
  object: 'response';
  created_at: number;
  status: 'in_progress' | 'completed' | 'failed';
  error: { code: string; message: string } | null;
  incomplete_details: null;
  instructions: string | null;
  max_output_tokens: number | null;
  model: string;
  output: ResponseOutputMessage[];
  parallel_tool_calls: boolean;
  previous_response_id: string | null;
  conversation: { id: string };
  store: true;
  temperature: number | null;
  top_p: number | null;
  text: { format: ResponseTextFormat };
  tool_choice: 'auto';
  tools: never[];
  truncation: 'disabled';
  usage: ResponseUsage | null;
  metadata: Record<string, string>;
}
