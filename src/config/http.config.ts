import { integer, invalid, namespace, size, type ValuesOf } from './environment.js';

export const HTTP_VARIABLES = namespace('HTTP server', {
  bodyLimit: size({
    name: 'BODY_LIMIT',
    default: '5mb',
    example: '512kb or 5mb',
    doc: 'Largest request body, e.g. 512kb or 5mb, taken only where attachments travel: the chat router.',
  }),
  defaultBodyLimit: size({
    name: 'DEFAULT_BODY_LIMIT',
    default: '64kb',
    example: '64kb or 1mb',
    doc: 'Largest request body on every other route (never more than BODY_LIMIT).',
  }),
  trustProxyHops: integer({ name: 'TRUST_PROXY_HOPS', default: 0, min: 0, doc: 'Number of reverse proxies in front of the service whose X-Forwarded-For is trusted.' }),
  headersTimeoutMs: integer({
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    default: 20_000,
    min: 1000,
    max: 300_000,
    doc: "Time a client has to send a request's headers, in ms: a slow-loris client that trickles headers holds a connection only this long.",
  }),
  requestTimeoutMs: integer({
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    default: 120_000,
    min: 1000,
    max: 3_600_000,
    doc:
      'Time a client has to send a whole request, body included, in ms (the default fits a 5 MB chat attachment over a slow link); must ' +
      'exceed HTTP_HEADERS_TIMEOUT_MS. It bounds the upload only, never the response: streamed replies and run events last as long as they need.',
  }),
  keepAliveTimeoutMs: integer({
    name: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    default: 65_000,
    min: 1000,
    max: 600_000,
    doc:
      "How long an idle kept-alive connection stays open between requests, in ms: longer than a load balancer's idle timeout (60 s on " +
      'common ones), so the proxy, not this server, closes idle connections and never sends a request onto one being closed (a 502).',
  }),
  maxConnections: integer({
    name: 'HTTP_MAX_CONNECTIONS',
    // Well under a default file descriptor limit of a container (1,048,576) and far over what 2 cores serve.
    default: 4_000,
    min: 10,
    max: 1_000_000,
    doc:
      "Connections the instance holds at once; more are closed on arrival. Keep it under the process's file descriptor limit (ulimit -n) " +
      'and above OPEN_STREAMS_PER_INSTANCE. There is no socket idle timeout: a paused run\'s event stream may stay open for hours (its heartbeat, STREAM_HEARTBEAT_SECONDS, keeps proxies from cutting it).',
  }),
  streamHeartbeatSeconds: integer({
    name: 'STREAM_HEARTBEAT_SECONDS',
    default: 25,
    min: 1,
    max: 300,
    doc:
      'How often an open event stream (a reply, run events, a streamed /v1 completion) gets an SSE comment line, in seconds: under the ' +
      '60 s idle timeout of common proxies and load balancers, so a paused run\'s quiet stream is not cut. At each beat, streams whose ' +
      'session has expired are ended.',
  }),
  openStreamsPerUser: integer({
    name: 'OPEN_STREAMS_PER_USER',
    default: 20,
    min: 1,
    max: 100_000,
    doc:
      'Long-lived responses (chat replies and resumes, run events, /v1 completions) a user may hold open at once on one instance (several ' +
      'tabs each with a chat and a run page); past a cap: 429 with Retry-After. Counted per instance: N instances allow N times as many.',
  }),
  openStreamsPerTeam: integer({
    name: 'OPEN_STREAMS_PER_TEAM',
    default: 200,
    min: 1,
    max: 100_000,
    doc: 'Long-lived responses a team may hold open at once on one instance (a busy team of a few dozen people).',
  }),
  openStreamsPerInstance: integer({
    name: 'OPEN_STREAMS_PER_INSTANCE',
    default: 2_000,
    min: 1,
    max: 1_000_000,
    doc: 'Long-lived responses open at once on one instance in all; must be less than HTTP_MAX_CONNECTIONS, so ordinary requests always get a connection.',
  }),
});

export interface HttpSettings {
  /** Largest request body in bytes, taken only by routes whose bodies carry attachments (the chat router). */
  bodyLimit: number;
  /** Largest request body in bytes on every other route (never more than bodyLimit). */
  defaultBodyLimit: number;
  trustProxyHops: number;
  /** Limits of the HTTP server itself (see docs/decisions/open-streams-caps-and-revocation.md). */
  server: HttpServerLimits;
  /** Long-lived responses (chat replies, resumes, run events, /v1 completions) open at once, on this instance. */
  openStreams: OpenStreamCaps;
}

export interface HttpServerLimits {
  /** Time a client has to send a request's headers (slow-loris guard). */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, body included; never the response, so streams are not cut. */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** Connections the instance holds at once; further ones are closed on arrival. */
  maxConnections: number;
}

export interface OpenStreamCaps {
  perUser: number;
  perTeam: number;
  perInstance: number;
  /** How often idle event streams get a comment line, and expired sessions' streams are ended. */
  heartbeatMs: number;
}

export function httpSettings(values: ValuesOf<typeof HTTP_VARIABLES>): HttpSettings {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, maxConnections } = values;
  // Node checks the request deadline only once the headers' has passed: a shorter one would never apply.
  if (requestTimeoutMs <= headersTimeoutMs) throw invalid('HTTP_REQUEST_TIMEOUT_MS must be greater than HTTP_HEADERS_TIMEOUT_MS');
  // Streams may take every connection otherwise, and the instance answers nothing else.
  if (values.openStreamsPerInstance >= maxConnections) throw invalid('OPEN_STREAMS_PER_INSTANCE must be less than HTTP_MAX_CONNECTIONS');
  return {
    bodyLimit: values.bodyLimit,
    defaultBodyLimit: Math.min(values.defaultBodyLimit, values.bodyLimit),
    trustProxyHops: values.trustProxyHops,
    server: { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, maxConnections },
    openStreams: {
      perUser: values.openStreamsPerUser,
      perTeam: values.openStreamsPerTeam,
      perInstance: values.openStreamsPerInstance,
      heartbeatMs: values.streamHeartbeatSeconds * 1000,
    },
  };
}
