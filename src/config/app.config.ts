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
  bodyLimit: string;
  trustProxyHops: number;
  logLevel: string;
  /** How long a SIGTERM lets replies in progress finish before they are stopped. */
  shutdownGraceSeconds: number;
}

export function appSettings(env: EnvironmentVariables): AppSettings {
  const port = env.PORT ?? 3000;
  const publicUrl = stripTrailingSlash(env.PUBLIC_URL ?? `http://localhost:${port}`);
  return {
    nodeEnv: env.NODE_ENV ?? 'development',
    port,
    publicUrl,
    frontendUrl: stripTrailingSlash(env.FRONTEND_URL ?? publicUrl),
    dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
    dashboardDir: resolve(env.DASHBOARD_DIR ?? 'dist/dashboard'),
    bodyLimit: env.BODY_LIMIT ?? '5mb',
    trustProxyHops: env.TRUST_PROXY_HOPS ?? 0,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS ?? 25,
  };
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
