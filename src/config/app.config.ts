import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from './secrets.js';
import { integer, namespace, oneOf, text, url, type ValuesOf } from './environment.js';

export const APP_VARIABLES = namespace('Server', {
  nodeEnv: oneOf({
    name: 'NODE_ENV',
    values: ['development', 'production', 'test'],
    default: 'development',
    doc: 'development | production | test. In production JWT_SECRET, APPROVAL_TOKEN_SECRET and SMTP_URL are required.',
  }),
  port: integer({ name: 'PORT', default: 3000, min: 0, max: 65535, doc: 'HTTP port.' }),
  publicUrl: url({
    name: 'PUBLIC_URL',
    doc:
      'Base URL of links the service sends out (emails, file links); default http://localhost:$PORT. An https URL also makes the session ' +
      "cookie Secure and the CSP upgrade insecure requests. Browser writes signed in by the session cookie must come from this origin or FRONTEND_URL's (403 otherwise): set it to the address people open the dashboard at.",
  }),
  frontendUrl: url({ name: 'FRONTEND_URL', doc: 'Base of redirects after approval links and of the allowed CORS origin; default PUBLIC_URL.' }),
  dataDir: text({
    name: 'DATA_DIR',
    default: DEFAULT_DATA_DIR,
    doc: 'Where embedded data lives: embedded PostgreSQL, generated secrets, local files, mail outbox.',
  }),
  dashboardDir: text({ name: 'DASHBOARD_DIR', default: 'dist/dashboard', doc: 'The built web dashboard served at /dashboard (npm run build writes it).' }),
  logLevel: oneOf({
    name: 'LOG_LEVEL',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    doc: 'fatal | error | warn | info | debug | trace | silent (default info; warn when NODE_ENV=test).',
  }),
  shutdownGraceSeconds: integer({
    name: 'SHUTDOWN_GRACE_SECONDS',
    default: 25,
    min: 0,
    max: 600,
    doc:
      'On SIGTERM/SIGINT: seconds replies in progress may take to finish before they are stopped (and stored as stopped); running workflow ' +
      'steps are handed back to the queue at once. A second signal exits at once.',
  }),
  minFreeDiskMb: integer({
    name: 'HEALTH_MIN_FREE_DISK_MB',
    default: 64,
    min: 0,
    doc: '/api/health answers 503 when the local file storage (DATA_DIR/files) has less than this many MB free, or cannot be written.',
  }),
  metricsPort: integer({
    name: 'METRICS_PORT',
    min: 0,
    max: 65_535,
    doc: 'Port of the Prometheus endpoint (GET /metrics), apart from the API. Unset: no metrics server.',
  }),
  metricsHost: text({
    name: 'METRICS_HOST',
    default: '127.0.0.1',
    doc: 'Address the metrics server binds: loopback unless opened on purpose (a scrape shows traffic and error rates); 0.0.0.0 in docker-compose.',
  }),
  metricsSampleIntervalSeconds: integer({
    name: 'METRICS_SAMPLE_INTERVAL_SECONDS',
    default: 5,
    min: 0,
    max: 300,
    doc: 'Gauges read from tables (runs, approvals, queues, outbox) are read at most once per this many seconds, whatever the scrape rate.',
  }),
});

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
  logLevel: string;
  /** How long a SIGTERM lets replies in progress finish before they are stopped. */
  shutdownGraceSeconds: number;
  /** Below this much free space under DATA_DIR's file storage, the health check fails. */
  minFreeDiskBytes: number;
  /**
   * Where Prometheus scrapes `/metrics`: its own port (none unless METRICS_PORT is set), on
   * METRICS_HOST; gauges read from tables are read at most once per sampleIntervalSeconds.
   */
  metrics: { port?: number; host: string; sampleIntervalSeconds: number };
}

export function appSettings(values: ValuesOf<typeof APP_VARIABLES>): AppSettings {
  const { nodeEnv } = values;
  const publicUrl = stripTrailingSlash(values.publicUrl ?? `http://localhost:${values.port}`);
  return {
    nodeEnv,
    port: values.port,
    publicUrl,
    frontendUrl: stripTrailingSlash(values.frontendUrl ?? publicUrl),
    dataDir: values.dataDir,
    dashboardDir: resolve(values.dashboardDir),
    logLevel: values.logLevel ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    shutdownGraceSeconds: values.shutdownGraceSeconds,
    minFreeDiskBytes: values.minFreeDiskMb * 1024 * 1024,
    metrics: { port: values.metricsPort, host: values.metricsHost, sampleIntervalSeconds: values.metricsSampleIntervalSeconds },
  };
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
