import type * as OpenTelemetryApi from '@opentelemetry/api';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { LanguageModelUsage, Telemetry } from 'ai';

type OperationStart = Parameters<NonNullable<Telemetry['onStart']>>[0];
type OperationEnd = Parameters<NonNullable<Telemetry['onEnd']>>[0];
type ModelCallStart = Parameters<NonNullable<Telemetry['onLanguageModelCallStart']>>[0];
type ModelCallEnd = Parameters<NonNullable<Telemetry['onLanguageModelCallEnd']>>[0];

/** A span and the context that makes it the parent of what runs in it. */
interface OpenSpan {
  span: Span;
  context: Context;
}

/** The spans of one AI SDK call (a `streamText`, a `generateText`): its own, and its model call in progress. */
interface CallSpans extends OpenSpan {
  modelCall?: OpenSpan;
}

/**
 * The AI SDK's telemetry as OpenTelemetry spans, registered by the tracing bootstrap only (so none
 * of it exists with tracing off): one span per AI SDK call (`ai.streamText`, `ai.generateText`,
 * named by the SDK's operation id) under the span active where it was called (a chat turn, a run
 * step), and under it a span per model call (`chat <model>`: model, token usage, finish reason) and
 * per tool execution (`execute_tool <tool>`), in the attributes of OpenTelemetry's GenAI
 * conventions. A model call's HTTP request and a tool's queries run in its span's context, so
 * they nest under it. Only ids, names and counts are recorded, never a prompt, output, tool input or
 * error message: team content does not leave for a collector.
 *
 * The SDK reports a call's events by its `callId`, not in the context the call was made in (a
 * stream's later steps run wherever its reader is), so the spans are parented through the call's
 * entry here, which its end, failure or abort removes.
 */
export class AiSdkSpans implements Telemetry {
  private readonly calls = new Map<string, CallSpans>();

  constructor(
    private readonly api: typeof OpenTelemetryApi,
    private readonly tracer: Tracer,
  ) {}

  onStart(event: OperationStart): void {
    const parent = this.api.context.active();
    const span = this.tracer.startSpan(
      event.operationId,
      {
        attributes: definedOnly({
          'gen_ai.provider.name': event.provider,
          'gen_ai.request.model': event.modelId,
          'ai.function_id': event.functionId,
        }),
      },
      parent,
    );
    this.calls.set(event.callId, { span, context: this.api.trace.setSpan(parent, span) });
  }

  onLanguageModelCallStart(event: ModelCallStart): void {
    const call = this.calls.get(event.callId);
    if (!call) return;
    call.modelCall?.span.end();
    const span = this.tracer.startSpan(
      `chat ${event.modelId}`,
      {
        kind: this.api.SpanKind.CLIENT,
        attributes: definedOnly({
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': event.provider,
          'gen_ai.request.model': event.modelId,
          'gen_ai.request.max_tokens': event.maxOutputTokens,
        }),
      },
      call.context,
    );
    call.modelCall = { span, context: this.api.trace.setSpan(call.context, span) };
  }

  /** The provider's request (and its retries) made in the model call's span: its HTTP span nests under it. */
  executeLanguageModelCall<T>({ callId, execute }: { callId: string; execute: () => PromiseLike<T> }): PromiseLike<T> {
    const modelCall = this.calls.get(callId)?.modelCall;
    return modelCall ? this.api.context.with(modelCall.context, execute) : execute();
  }

  onLanguageModelCallEnd(event: ModelCallEnd): void {
    const call = this.calls.get(event.callId);
    const modelCall = call?.modelCall;
    if (!call || !modelCall) return;
    modelCall.span.setAttributes(
      definedOnly({
        'gen_ai.response.finish_reasons': [event.finishReason],
        'gen_ai.response.id': event.responseId,
        ...usageAttributes(event.usage),
      }),
    );
    if (event.finishReason === 'error') modelCall.span.setStatus({ code: this.api.SpanStatusCode.ERROR });
    modelCall.span.end();
    call.modelCall = undefined;
  }

  /** A tool's execution in a span of its own, under its call's: what the tool does (queries, a nested model call) nests under it. */
  executeTool<T>({ callId, toolCallId, toolCall, execute }: { callId: string; toolCallId: string; toolCall?: { toolName: string }; execute: () => PromiseLike<T> }): PromiseLike<T> {
    const parent = this.calls.get(callId)?.context ?? this.api.context.active();
    const toolName = toolCall?.toolName ?? 'unknown';
    const span = this.tracer.startSpan(
      `execute_tool ${toolName}`,
      { attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': toolName, 'gen_ai.tool.call.id': toolCallId } },
      parent,
    );
    return this.api.context.with(this.api.trace.setSpan(parent, span), async () => {
      try {
        return await execute();
      } catch (error) {
        this.fail(span, error);
        throw error;
      } finally {
        span.end();
      }
    });
  }

  onStepError(event: { callId: string }): void {
    const call = this.calls.get(event.callId);
    if (!call?.modelCall) return;
    this.fail(call.modelCall.span);
    call.modelCall.span.end();
    call.modelCall = undefined;
  }

  onEnd(event: OperationEnd): void {
    const call = this.calls.get(event.callId);
    if (!call) return;
    if ('finishReason' in event && 'usage' in event) {
      call.span.setAttributes(definedOnly({ 'gen_ai.response.finish_reasons': [event.finishReason], ...usageAttributes(event.usage) }));
    }
    this.close(event.callId, call);
  }

  onAbort(event: { callId: string }): void {
    const call = this.calls.get(event.callId);
    if (!call) return;
    call.modelCall?.span.setAttribute('ai.aborted', true);
    call.span.setAttribute('ai.aborted', true);
    this.close(event.callId, call);
  }

  /** The SDK hands it `{ callId, error }`, the error already replaced by a generic one (no provider message). */
  onError(event: unknown): void {
    const callId = typeof event === 'object' && event !== null && 'callId' in event ? event.callId : undefined;
    const call = typeof callId === 'string' ? this.calls.get(callId) : undefined;
    if (!call) return;
    if (call.modelCall) this.fail(call.modelCall.span);
    this.fail(call.span);
    this.close(callId as string, call);
  }

  private close(callId: string, call: CallSpans): void {
    call.modelCall?.span.end();
    call.span.end();
    this.calls.delete(callId);
  }

  /** Marks a span failed with the error's class only: a message may quote what the model or a user wrote. */
  private fail(span: Span, error?: unknown): void {
    if (error instanceof Error) span.setAttribute('error.type', error.name);
    span.setStatus({ code: this.api.SpanStatusCode.ERROR });
  }
}

function usageAttributes(usage: LanguageModelUsage): Attributes {
  return { 'gen_ai.usage.input_tokens': usage.inputTokens, 'gen_ai.usage.output_tokens': usage.outputTokens };
}

/** Attributes without the values the event did not have (an attribute set to undefined is dropped with a warning). */
function definedOnly(attributes: Attributes): Attributes {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined));
}
