import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { AssetResponse } from '../assets/asset.response.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import type { ChatCompletionRequestDto } from './dto/chat-completion-request.dto.js';
import { openAiErrorBody } from './openai-exception.filter.js';
import { toChatMessages } from './openai-messages.js';
import { formatOfResponseFormat } from './openai-reply-format.js';
import { conversationReference, EVENT_STREAM_HEADERS, OpenAiTurnsService, type OpenAiReply, unixSeconds } from './openai-turns.service.js';
import type { ChatCompletion, ChatCompletionChunk, CompletionUsage } from './openai.response.js';

/** One request's reply as OpenAI describes a completion. */
interface Completion {
  id: string;
  created: number;
  reply: OpenAiReply;
}

/** OpenAI's chat completions API over the agents: a request is a router turn (OpenAiTurnsService), read back as one `chat.completion` or as `chat.completion.chunk` events. */
@Injectable()
export class ChatCompletionsService {
  constructor(private readonly turns: OpenAiTurnsService) {}

  /**
   * POST /v1/chat/completions. Without a conversation id the request is a new conversation holding
   * the messages' text; with one (`conversation_id` or X-Conversation-Id), the conversation kept
   * under it gets the last user message.
   */
  async complete(team: TeamContext, request: ChatCompletionRequestDto, headerConversationId: string | undefined, response: Response): Promise<void> {
    const chatId = conversationReference(request.conversation_id, headerConversationId, 'conversation_id');
    const reply = await this.turns.begin(
      team,
      { model: request.model, input: toChatMessages(request.messages), conversation: chatId ? { chatId } : null, format: formatOfResponseFormat(request.response_format) },
      response,
    );
    const completion: Completion = { id: `chatcmpl-${randomUUID()}`, created: unixSeconds(), reply };
    if (request.stream) await this.stream(completion, request.stream_options?.include_usage === true, response);
    else response.status(200).json(await this.collect(completion));
  }

  private async collect({ id, created, reply }: Completion): Promise<ChatCompletion> {
    const { text, assets, usage } = await this.turns.collect(reply);
    return {
      id,
      object: 'chat.completion',
      created,
      model: reply.model,
      conversation_id: reply.conversationId,
      choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage,
      assets,
    };
  }

  /**
   * Server-sent chunks: the role, each text delta, each asset (an empty delta with `assets`), the
   * assets' links as a last text delta (not after a JSON reply), the finish, the usage when asked
   * for, then [DONE]. A failure of the reply is an `error` event in OpenAI's shape, then [DONE].
   */
  private async stream({ id, created, reply }: Completion, includeUsage: boolean, response: Response): Promise<void> {
    response.writeHead(200, EVENT_STREAM_HEADERS);
    response.flushHeaders();
    const send = (data: object) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: ChatCompletionChunk['choices'][number]['delta'], finishReason: 'stop' | null = null): ChatCompletionChunk => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: reply.model,
      conversation_id: reply.conversationId,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
    send(chunk({ role: 'assistant', content: '' }));
    let hasText = false;
    const assets: AssetResponse[] = [];
    let usage: CompletionUsage | undefined;
    let failed = false;
    for await (const part of reply.parts) {
      if ('error' in part) {
        send(openAiErrorBody(500, part.error));
        failed = true;
        break;
      }
      if ('text' in part) {
        hasText ||= part.text !== '';
        send(chunk({ content: part.text }));
      } else if ('asset' in part) {
        assets.push(part.asset);
        send({ ...chunk({}), assets: [part.asset] });
      } else {
        usage = part.usage;
      }
    }
    if (!failed) {
      if (assets.length > 0 && !reply.format) send(chunk({ content: this.turns.assetList(assets, reply.conversationId, hasText) }));
      send(chunk({}, 'stop'));
      if (includeUsage && usage) send({ ...chunk({}), choices: [], usage });
    }
    if (!response.destroyed) response.end('data: [DONE]\n\n');
  }
}
