import type * as OpenTelemetryApi from '@opentelemetry/api';

/**
 * Our side of OpenTelemetry, opt-in: the API is handed over by `start-tracing.ts` once the SDK is
 * up, and until then (always, when tracing is off) every helper here is a branch on `undefined`.
 * Only types are imported: with tracing off, our code loads no OpenTelemetry module (pg-boss still
 * imports the API, whose calls it then skips: see QueueService).
 */
let otel: typeof OpenTelemetryApi | undefined;

/** The instrumentation scope of our own spans. */
export const TRACER_NAME = 'assistant-backend';

/** Whether the environment asks for traces: an OTLP endpoint set, the SDK not disabled. */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && env.OTEL_SDK_DISABLED !== 'true';
}

/** Whether traces are being recorded (the SDK started). */
export function tracingEnabled(): boolean {
  return otel !== undefined;
}

/** Called by the tracing bootstrap once its SDK is registered. */
export function useOpenTelemetry(api: typeof OpenTelemetryApi): void {
  otel = api;
}

/** Span attributes: only values an operator may see (ids, names, counts; never content). */
export type SpanAttributes = Record<string, string | number | boolean>;

/**
 * Runs `work` in a span of its own (a child of the active one), ended when it settles and marked
 * failed when it throws. Without tracing, just runs `work`.
 */
export function inSpan<T>(name: string, attributes: SpanAttributes, work: () => Promise<T>): Promise<T> {
  if (!otel) return work();
  const api = otel;
  return api.trace.getTracer(TRACER_NAME).startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** pino options that add the active span's trace and span ids to each log line; none without tracing. */
export function traceIdsInLogs(): { mixin?: () => object } {
  if (!otel) return {};
  const api = otel;
  return {
    mixin: () => {
      const span = api.trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
  };
}
