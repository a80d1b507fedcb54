import { ApiProperty } from '@nestjs/swagger';
import { AssetResponse } from '../assets/asset.response.js';

/** OpenAI's model object; `description` is this service's addition. */
export class ModelObject {
  @ApiProperty({ example: 'router', description: '`router` or an agent' })
  id: string;

  @ApiProperty({ enum: ['model'] })
  object: 'model';

  @ApiProperty({ type: 'integer', description: 'Unix seconds' })
  created: number;

  @ApiProperty()
  owned_by: string;

  @ApiProperty()
  description: string;
}

export class ModelList {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: [ModelObject] })
  data: ModelObject[];
}

export class CompletionUsage {
  @ApiProperty({ type: 'integer' })
  prompt_tokens: number;

  @ApiProperty({ type: 'integer' })
  completion_tokens: number;

  @ApiProperty({ type: 'integer' })
  total_tokens: number;
}

/** Fields of this service on completions and chunks: the conversation the reply is stored in, the assets its tools saved. */
class ServiceFields {
  @ApiProperty({ format: 'uuid', description: 'The conversation the reply is stored in (continue it with conversation_id)' })
  conversation_id: string;

  @ApiProperty({ type: [AssetResponse], description: "The assets the agent's tools saved" })
  assets: AssetResponse[];
}

class ChatCompletionMessage {
  @ApiProperty({ enum: ['assistant'] })
  role: 'assistant';

  @ApiProperty()
  content: string;

  @ApiProperty({ type: String, nullable: true, description: 'Always null here' })
  refusal: null;
}

class ChatCompletionChoice {
  @ApiProperty({ type: 'integer', enum: [0] })
  index: 0;

  @ApiProperty({ type: ChatCompletionMessage })
  message: ChatCompletionMessage;

  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true, description: 'Always null here' })
  logprobs: null;

  @ApiProperty({ enum: ['stop'] })
  finish_reason: 'stop';
}

export class ChatCompletion extends ServiceFields {
  @ApiProperty({ example: 'chatcmpl-3f0c9a' })
  id: string;

  @ApiProperty({ enum: ['chat.completion'] })
  object: 'chat.completion';

  @ApiProperty({ type: 'integer', description: 'Unix seconds' })
  created: number;

  @ApiProperty({ example: 'router' })
  model: string;

  @ApiProperty({ type: [ChatCompletionChoice] })
  choices: ChatCompletionChoice[];

  @ApiProperty({ type: CompletionUsage })
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
class InputTokensDetails {
  @ApiProperty({ type: 'integer' })
  cached_tokens: number;
}

class OutputTokensDetails {
  @ApiProperty({ type: 'integer' })
  reasoning_tokens: number;
}

export class ResponseUsage {
  @ApiProperty({ type: 'integer' })
  input_tokens: number;

  @ApiProperty({ type: InputTokensDetails })
  input_tokens_details: InputTokensDetails;

  @ApiProperty({ type: 'integer' })
  output_tokens: number;

  @ApiProperty({ type: OutputTokensDetails })
  output_tokens_details: OutputTokensDetails;

  @ApiProperty({ type: 'integer' })
  total_tokens: number;
}

/** Always empty here: no annotations, no log probabilities. */
const EMPTY_LIST = { type: 'array', items: { type: 'object' }, maxItems: 0 } as const;

export class ResponseOutputText {
  @ApiProperty({ enum: ['output_text'] })
  type: 'output_text';

  @ApiProperty()
  text: string;

  @ApiProperty(EMPTY_LIST)
  annotations: never[];

  @ApiProperty(EMPTY_LIST)
  logprobs: never[];
}

/** The reply, the one item of a response's output. */
export class ResponseOutputMessage {
  @ApiProperty({ enum: ['message'] })
  type: 'message';

  @ApiProperty()
  id: string;

  @ApiProperty({ enum: ['in_progress', 'completed'] })
  status: 'in_progress' | 'completed';

  @ApiProperty({ enum: ['assistant'] })
  role: 'assistant';

  @ApiProperty({ type: [ResponseOutputText] })
  content: ResponseOutputText[];
}

export type ResponseTextFormat = { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; name: string; description?: string; schema: object; strict: boolean | null };

class ResponseText {
  @ApiProperty({
    type: 'object',
    description: 'As asked for (text.format): text, json_object, or json_schema with its name, schema and strict',
    required: ['type'],
    properties: {
      type: { type: 'string', enum: ['text', 'json_object', 'json_schema'] },
      name: { type: 'string' },
      description: { type: 'string' },
      schema: { type: 'object', additionalProperties: true },
      strict: { type: 'boolean', nullable: true },
    },
  })
  format: ResponseTextFormat;
}

class ResponseError {
  @ApiProperty()
  code: string;

  @ApiProperty()
  message: string;
}

class ConversationReference {
  @ApiProperty({ format: 'uuid' })
  id: string;
}

/** The Responses API's response object, as far as it means something here. */
export class ResponseObject extends ServiceFields {
  @ApiProperty({ example: 'resp_5b1e0c' })
  id: string;

  @ApiProperty({ enum: ['response'] })
  object: 'response';

  @ApiProperty({ type: 'integer', description: 'Unix seconds' })
  created_at: number;

  @ApiProperty({ enum: ['in_progress', 'completed', 'failed'] })
  status: 'in_progress' | 'completed' | 'failed';

  @ApiProperty({ type: ResponseError, nullable: true })
  error: ResponseError | null;

  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true, description: 'Always null here' })
  incomplete_details: null;

  @ApiProperty({ type: String, nullable: true })
  instructions: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  max_output_tokens: number | null;

  @ApiProperty({ example: 'router' })
  model: string;

  @ApiProperty({ type: [ResponseOutputMessage] })
  output: ResponseOutputMessage[];

  @ApiProperty()
  parallel_tool_calls: boolean;

  @ApiProperty({ type: String, nullable: true })
  previous_response_id: string | null;

  @ApiProperty({ type: ConversationReference })
  conversation: ConversationReference;

  @ApiProperty({ enum: [true] })
  store: true;

  @ApiProperty({ type: 'number', nullable: true })
  temperature: number | null;

  @ApiProperty({ type: 'number', nullable: true })
  top_p: number | null;

  @ApiProperty({ type: ResponseText })
  text: ResponseText;

  @ApiProperty({ enum: ['auto'] })
  tool_choice: 'auto';

  @ApiProperty(EMPTY_LIST)
  tools: never[];

  @ApiProperty({ enum: ['disabled'] })
  truncation: 'disabled';

  @ApiProperty({ type: ResponseUsage, nullable: true })
  usage: ResponseUsage | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  metadata: Record<string, string>;
}
