import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { convertToModelMessages, createUIMessageStream, isStepCount, streamText, toUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import type { AssetScope } from '../assets/assets.service.js';
import type { AppConfig } from '../config/configuration.js';
import { ModelRegistry } from '../llm/model-registry.service.js';
import type { UsageAttribution } from '../llm/usage-attribution.js';
import { estimateMessageTokens } from '../usage/usage-estimate.js';
import { AGENTS, type AgentId } from './agents/agents.js';
import { ChatFilesService } from './chat-files.service.js';
import { type ReplyFormat, replyOutput } from './reply-format.js';
import type { ReplyMetadata } from './reply-metadata.js';
import { McpCallError, McpToolsService, type McpToolbox, type ToolApprovals } from './mcp/mcp-tools.service.js';
import { AgentToolsFactory } from './tools/agent-tools.factory.js';
import { ToolInputError } from './tools/asset-tool.js';
import { AgentToolApprovalsService } from './agent-tool-approvals/agent-tool-approvals.service.js';
import { ToolApprovalUnavailableError } from './tool-approvals.js';

/** Tool calls and answers an agent may take for one reply. */
const MAX_STEPS = 6;

export interface ReplyRequest {
  agentId: AgentId;
  /** The model (none or null: DEFAULT_MODEL), already known to the registry. */
  modelId?: string | null;
  /** The reply as JSON (its text is the JSON); prose when absent. */
  format?: ReplyFormat | null;
  /** Whom every model call of the reply is charged to, its tools' calls included. */
  charge: UsageAttribution;
  /**
   * The conversation so far, ending with the message to answer, or with a reply whose tool approval
   * requests were answered: that reply is continued (same message id), the approved tools run first.
   */
  history: UIMessage[];
  scope: AssetScope;
  /** Tools that need approval: asked for (a chat, a run step), or refused with a tool error (/v1, an MCP client). */
  toolApprovals: ToolApprovals;
  abortSignal?: AbortSignal;
  /** Called with the reply when the stream ends, also when it ended early; the stream ends once it has resolved. */
  onEnd?: (message: UIMessage) => Promise<void>;
  /** Retries of a failed model call inside the AI SDK (its own default when absent). */
  maxRetries?: number;
  /** Told of the error a failed reply ends with: the stream itself carries only a message for the user. */
  onFailure?: (error: unknown) => void;
}


/**
 * The only place replies are generated with `streamText`: an agent's reply to a history, for a
 * chat turn (ChatStreamService), a workflow run's step and, through the chat turn, /v1.
 */
@Injectable()
export class ReplyGenerator {
  private readonly logger = new Logger(ReplyGenerator.name);
  /** The most tokens a model call of a reply writes, and what a reply reserves of the budget for its output. */
  private readonly maxOutputTokens: number;

  constructor(
    private readonly models: ModelRegistry,
    private readonly tools: AgentToolsFactory,
    private readonly files: ChatFilesService,
    private readonly mcp: McpToolsService,
    private readonly toolApprovals: AgentToolApprovalsService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.maxOutputTokens = config.get('llm', { infer: true }).replyMaxOutputTokens;
  }

  /** What a reply to `history` is reserved of its team's budget before it starts: its prompt plus the output cap. */
  reservationFor(history: readonly UIMessage[]): number {
    return estimateMessageTokens(history) + this.maxOutputTokens;
  }

  /**
   * Generates an agent's reply to a history as a UI message stream: metadata naming the agent and
   * model, tool calls with a data part for each asset they save, and the text. Workflow runs read
   * the same stream to the end instead of sending it to a client.
   */
  stream(request: ReplyRequest): ReadableStream<UIMessageChunk> {
    const { agentId, history, scope, charge } = request;
    const agent = AGENTS[agentId];
    const model = this.models.resolve(request.modelId, charge);
    const metadata: ReplyMetadata = { agentId, modelId: model.id, conversationId: scope.conversationId ?? '' };
    const fail = (error: unknown) => {
      request.onFailure?.(error);
      return this.describeFailure(error);
    };
    let mcpToolbox: McpToolbox | undefined;
    return createUIMessageStream({
      generateId: randomUUID,
      // A history ending with a reply (its tool approvals answered) continues that reply.
      originalMessages: history,
      execute: async ({ writer }) => {
        // `start` first: a data part written before it would be dropped by the client.
        writer.write({ type: 'start', messageMetadata: metadata });
        // A tool that could not store its output (or whose service is down) ends the reply with an
        // error part, after that model call's step: the model is not asked to carry on without it.
        let toolFailure: { error: unknown } | undefined;
        const approvalTools = await this.toolApprovals.approvalToolsOf(scope.teamId, agentId);
        const tools = this.tools.build(agent.tools, {
          scope,
          charge,
          attachments: await this.files.attachmentsOf(scope.teamId, history.findLast((message) => message.role === 'user')),
          onAsset: (asset) => writer.write({ type: 'data-asset', id: `asset-${asset.id}`, data: asset }),
          onFailure: (error) => {
            toolFailure ??= { error };
          },
        }, { tools: approvalTools, mode: request.toolApprovals });
        // The team's MCP servers for this agent: their tools join the built-ins (prefixed, so no name
        // is shared); a server that cannot be reached is told to the user and the model, and the reply goes on.
        mcpToolbox = await this.mcp.open(scope.teamId, agentId, request.toolApprovals);
        for (const { server, error } of mcpToolbox.unreachable) {
          writer.write({ type: 'data-mcp-server-unreachable', id: `mcp-${server}`, data: { server, error } });
        }
        const result = streamText({
          model: model.model,
          instructions: withUnreachableServers(agent.instructions, mcpToolbox.unreachable),
          messages: await convertToModelMessages(this.files.forModel(scope.teamId, history), { ignoreIncompleteToolCalls: true }),
          tools: { ...mcpToolbox.tools, ...tools },
          output: replyOutput(request.format),
          stopWhen: [isStepCount(MAX_STEPS), () => toolFailure !== undefined],
          // Each model call's cap: what a reply reserves of the budget for its output.
          maxOutputTokens: this.maxOutputTokens,
          abortSignal: request.abortSignal,
          maxRetries: request.maxRetries,
          // Never a URL fetched for the model, nor handed to the provider to fetch.
          experimental_download: this.files.download(scope.teamId),
          // The error part reaches toUIMessageStream's onError, which logs it once (describeFailure);
          // the default here would print it to stderr a second time, whatever LOG_LEVEL says.
          onError: () => undefined,
          // Names the reply's span in a trace (tracing on: src/tracing/ai-sdk-spans.ts); nothing without it.
          telemetry: { functionId: `reply:${agentId}` },
        });
        const chunks = toUIMessageStream({
          stream: result.stream,
          sendStart: false,
          messageMetadata: ({ part }) =>
            part.type === 'finish'
              ? {
                  ...metadata,
                  usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens },
                  ...(mcpToolbox && mcpToolbox.calls.length > 0 ? { mcpCalls: [...mcpToolbox.calls] } : {}),
                }
              : undefined,
          // An MCP tool's error says what failed on the team's own server, nothing of ours: the user
          // sees it too. A tool's refusal of its input (an image the offline model cannot read) is
          // the input's fault, not ours: the model and the user get its reason, the log a warning.
          // (Passing onError makes the SDK send every tool error through it.)
          onError: (error) => causeOf(error, McpCallError)?.message ?? causeOf(error, ToolApprovalUnavailableError)?.message ?? this.refusal(error, agentId) ?? fail(error),
        });
        writer.merge(failingOnToolFailure(chunks, () => toolFailure, fail));
        // Not `result.consumeStream()` as well: that reads a second copy of every chunk, and the
        // merged stream is always read to its end by whoever runs it (the live reply, a run step).
      },
      onError: fail,
      onEnd: async ({ responseMessage, isAborted }) => {
        await mcpToolbox?.close();
        // A stopped reply is kept as far as it got, and says so.
        const stopped = isAborted || request.abortSignal?.aborted === true;
        const message = stopped ? { ...responseMessage, metadata: { ...(responseMessage.metadata ?? {}), stopped: true } } : responseMessage;
        await request.onEnd?.(message);
      },
    });
  }

  /** A tool's refusal of its input, logged as a warning without a stack; undefined for any other error. */
  private refusal(error: unknown, agentId: AgentId): string | undefined {
    const refused = causeOf(error, ToolInputError);
    if (refused) this.logger.warn(`Agent ${agentId}: a tool refused its input: ${refused.message}`);
    return refused?.message;
  }

  /** The text of an error part: a short reason the user can act on, never internals. */
  private describeFailure(error: unknown): string {
    this.logger.error(`Reply failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 'The agent failed while answering. Please try again.';
  }
}

/** The error, or the first of its causes, of the given class. */
function causeOf<T extends Error>(error: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  for (let current = error; current instanceof Error; current = current.cause) if (current instanceof type) return current;
  return undefined;
}

/** The agent's instructions, and which of the team's MCP servers could not be reached for this reply. */
function withUnreachableServers(instructions: string, unreachable: McpToolbox['unreachable']): string {
  if (unreachable.length === 0) return instructions;
  const lines = unreachable.map(({ server, error }) => `- ${server}: ${error}`);
  return `${instructions}\n\nThese MCP servers of the team could not be reached, so their tools are missing from this reply; say so if the user asks for them:\n${lines.join('\n')}`;
}

/**
 * Passes a reply's chunks on; once a tool failed for a reason of the infrastructure, its error
 * part goes out before the reply's finish (or at its end), made by `fail` like a model error's.
 */
function failingOnToolFailure(
  stream: ReadableStream<UIMessageChunk>,
  failure: () => { error: unknown } | undefined,
  fail: (error: unknown) => string,
): ReadableStream<UIMessageChunk> {
  let told = false;
  const tell = (controller: TransformStreamDefaultController<UIMessageChunk>) => {
    const failed = failure();
    if (told || !failed) return;
    told = true;
    controller.enqueue({ type: 'error', errorText: fail(failed.error) });
  };
  return stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        if (chunk.type === 'finish') tell(controller);
        controller.enqueue(chunk);
      },
      flush: tell,
    }),
  );
}
