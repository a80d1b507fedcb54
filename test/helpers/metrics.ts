import type { INestApplication } from '@nestjs/common';
import { MetricsServer } from '../../src/metrics/metrics.server.js';

/** One scrape of an app's metrics server, as Prometheus reads it. */
export interface Scrape {
  text: string;
  /** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
  value: (name: string, labels?: Record<string, string>) => number;
}

export async function scrape(app: INestApplication): Promise<Scrape> {
  const port = app.get(MetricsServer).port;
  if (port === undefined) throw new Error('The metrics server is not listening (METRICS_PORT unset)');
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, value: (name, labels = {}) => valueOf(text, name, labels) };
}

function valueOf(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) sum += Number(match[3]);
  }
  return sum;
}
