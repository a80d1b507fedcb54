import { integer, namespace, oneOf, text, url } from './environment.js';

/**
 * Traces (OpenTelemetry). The SDK reads these variables itself (src/tracing/start-tracing.ts); they
 * are declared here so that a typo stops the start instead of silently exporting nothing, and so
 * that `.env.example` documents them.
 */
export const TRACING_VARIABLES = namespace('Traces (OpenTelemetry), off unless an OTLP endpoint is set', {
  endpoint: url({
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    doc:
      "The collector's OTLP/HTTP base URL (say http://otel-collector:4318); spans go to <it>/v1/traces as JSON. " +
      'Unset: no OpenTelemetry SDK is loaded at all.',
  }),
  tracesEndpoint: url({
    name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    doc: 'The full URL of traces alone; setting it turns tracing on as well.',
  }),
  disabled: oneOf({ name: 'OTEL_SDK_DISABLED', values: ['true', 'false'], doc: '`true` turns tracing off even with an endpoint set.' }),
  serviceName: text({ name: 'OTEL_SERVICE_NAME', doc: 'The service name on every span (default assistant-backend).' }),
  resourceAttributes: text({ name: 'OTEL_RESOURCE_ATTRIBUTES', doc: 'More resource attributes on every span, as key=value,...' }),
  headers: text({ name: 'OTEL_EXPORTER_OTLP_HEADERS', doc: 'Headers sent with each export, as key=value,... (say an API key of a hosted collector).' }),
  sampler: oneOf({
    name: 'OTEL_TRACES_SAMPLER',
    values: ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'],
    doc: 'Sampling (default parentbased_always_on); say parentbased_traceidratio with OTEL_TRACES_SAMPLER_ARG=0.1.',
  }),
  samplerArg: text({
    name: 'OTEL_TRACES_SAMPLER_ARG',
    pattern: /^(0(\.\d+)?|1(\.0+)?)$/,
    problem: 'must be a ratio from 0 to 1',
    doc: "The sampler's ratio, from 0 to 1.",
  }),
  batchDelayMs: integer({ name: 'OTEL_BSP_SCHEDULE_DELAY', min: 0, doc: 'How often batched spans are sent, in ms (default 5000).' }),
  batchQueueSize: integer({ name: 'OTEL_BSP_MAX_QUEUE_SIZE', min: 1, doc: 'How many spans are kept waiting to be sent (default 2048).' }),
});
