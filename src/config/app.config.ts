import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from './secrets.js';
import { type EnvironmentVariables, InvalidEnvironmentError } from './env.validation.js';

export interface AppSettings {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Base of every link the service sends out (emails, file URLs). */
  publicUrl: string;
  /** Base of redirects after an approval link; the dashboard lives under it. */
  frontendUrl: string;
  dataDir: string;
  /** The built dashboard (index.html and assets), served at /dashboard when it exists. */
  dashboardDir: string;
  /** Largest request body in bytes, taken only by routes whose bodies carry attachments (the chat router). */
  bodyLimit: number;
  /** Largest request body in bytes on every other route (never more than bodyLimit). */
  defaultBodyLimit: number;
  trustProxyHops: number;
  logLevel: string;
  /** How long a SIGTERM lets replies in progress finish before they are stopped. */
  shutdownGraceSeconds: number;
  /** Below this much free space under DATA_DIR's file storage, the health check fails. */
  minFreeDiskBytes: number;
  /** Limits of the HTTP server itself (see docs/decisions.md, "Open streams: caps and revocation"). */
  http: HttpServerLimits;
  /**
   * Where Prometheus scrapes `/metrics`: its own port (none unless METRICS_PORT is set), on
   * METRICS_HOST; gauges read from tables are read at most once per sampleIntervalSeconds.
   */
  metrics: { port?: number; host: string; sampleIntervalSeconds: number };
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

export function appSettings(env: EnvironmentVariables): AppSettings {
  const port = env.PORT ?? 3000;
  const publicUrl = stripTrailingSlash(env.PUBLIC_URL ?? `http://localhost:${port}`);
  const bodyLimit = bytesOf(env.BODY_LIMIT ?? '5mb');
  return {
    nodeEnv: env.NODE_ENV ?? 'development',
    port,
    publicUrl,
    frontendUrl: stripTrailingSlash(env.FRONTEND_URL ?? publicUrl),
    dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
    dashboardDir: resolve(env.DASHBOARD_DIR ?? 'dist/dashboard'),
    bodyLimit,
    defaultBodyLimit: Math.min(bytesOf(env.DEFAULT_BODY_LIMIT ?? '64kb'), bodyLimit),
    trustProxyHops: env.TRUST_PROXY_HOPS ?? 0,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS ?? 25,
    minFreeDiskBytes: (env.HEALTH_MIN_FREE_DISK_MB ?? 64) * 1024 * 1024,
    http: httpServerLimits(env),
    // Loopback by default: a scrape shows traffic and error rates, so it is opened to a network only on purpose.
    metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST ?? '127.0.0.1', sampleIntervalSeconds: env.METRICS_SAMPLE_INTERVAL_SECONDS ?? 5 },
  };
}

/** Well under a default file descriptor limit of a container (1,048,576) and far over what 2 cores serve. */
export const DEFAULT_MAX_CONNECTIONS = 4_000;

function httpServerLimits(env: EnvironmentVariables): HttpServerLimits {
  const limits = {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS ?? 20_000,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS ?? 120_000,
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 65_000,
    maxConnections: env.HTTP_MAX_CONNECTIONS ?? DEFAULT_MAX_CONNECTIONS,
  };
  // Node checks the request deadline only once the headers' has passed: a shorter one would never apply.
  if (limits.requestTimeoutMs <= limits.headersTimeoutMs) {
    throw new InvalidEnvironmentError('Invalid configuration:\n- HTTP_REQUEST_TIMEOUT_MS must be greater than HTTP_HEADERS_TIMEOUT_MS');
  }
  return limits;
}

/** `512kb`, `5mb` (validated by env.validation.ts) in bytes. */
function bytesOf(size: string): number {
  const [, amount, unit] = /^(\d+)(kb|mb)$/i.exec(size)!;
  return Number(amount) * (unit.toLowerCase() === 'mb' ? 1024 * 1024 : 1024);
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
