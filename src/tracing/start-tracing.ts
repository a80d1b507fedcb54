import { register } from 'node:module';
import * as api from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AiSdkSpans } from './ai-sdk-spans.js';
import { TRACER_NAME, useOpenTelemetry } from './tracing.js';

/**
 * The tracing bootstrap, imported by main.ts before the app only when `tracingRequested`: the
 * OpenTelemetry SDK with the HTTP, Express, PostgreSQL, Redis and undici (fetch: model calls)
 * instrumentations and the AI SDK's telemetry (model and tool calls: AiSdkSpans), exporting over
 * OTLP/HTTP. The exporter, sampler, batching and resource read the standard OTEL_* variables themselves.
 */

// The app is ESM: its imports are seen (and the instrumented modules patched) through this hook.
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME ?? 'assistant-backend',
  traceExporter: new OTLPTraceExporter(),
  instrumentations: [
    // Probes and scrapes would be most of the traces, and none worth reading.
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url?.startsWith('/api/health') ?? false }),
    new ExpressInstrumentation(),
    // Without a parent: the queue's and the scheduler's polls, spans of no request worth a trace each.
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
    new UndiciInstrumentation(),
  ],
});
sdk.start();
useOpenTelemetry(api);
// Every AI SDK call reports to it (none is registered with tracing off). Imported once the hook is in.
const { registerTelemetry } = await import('ai');
registerTelemetry(new AiSdkSpans(api, api.trace.getTracer(TRACER_NAME)));

/** Spans still batched are sent before the process ends (after the app's own graceful stop). */
export function stopTracing(): Promise<void> {
  return sdk.shutdown();
}
