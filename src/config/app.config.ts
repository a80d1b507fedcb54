import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from './secrets.js';
import type { EnvironmentVariables } from './env.validation.js';

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
  };
}

/** `512kb`, `5mb` (validated by env.validation.ts) in bytes. */
function bytesOf(size: string): number {
  const [, amount, unit] = /^(\d+)(kb|mb)$/i.exec(size)!;
  return Number(amount) * (unit.toLowerCase() === 'mb' ? 1024 * 1024 : 1024);
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
