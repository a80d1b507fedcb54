import { Worker } from 'node:worker_threads';
/**
 * A small closed-loop load generator for streaming endpoints: `concurrency` clients each send
 * a request, read the whole streamed body, and repeat until `durationMs` has passed. Records time
 * to first byte and to the end of each response (autocannon only sees whole responses).
 * `method` defaults to POST with a JSON `body`; a GET sends no body. With `requests` (a list of
 * `{ url, headers }`), successive requests rotate through it instead of repeating `url`.
 */
export async function runLoad({ url, headers = {}, body, method = 'POST', requests, concurrency, durationMs }) {
  const ttfb = [];
  const total = [];
  let errors = 0;
  let sent = 0;
  const deadline = Date.now() + durationMs;
  const started = performance.now();
  const hasBody = method !== 'GET' && method !== 'HEAD';

  async function client() {
    while (Date.now() < deadline) {
      const target = requests ? requests[sent++ % requests.length] : { url };
      const t0 = performance.now();
      try {
        const response = await fetch(target.url, {
          method,
          headers: hasBody
            ? { 'content-type': 'application/json', ...headers, ...target.headers }
            : { ...headers, ...target.headers },
          body: hasBody ? JSON.stringify(typeof body === 'function' ? body() : body) : undefined,
        });
        const reader = response.body.getReader();
        let first = true;
        for (;;) {
          const { done } = await reader.read();
          if (first) {
            ttfb.push(performance.now() - t0);
            first = false;
          }
          if (done) break;
        }
        if (response.status !== 200) errors++;
        else total.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: total.length,
    errors,
    rps: total.length / seconds,
    ttfb: percentiles(ttfb),
    total: percentiles(total),
  };
}

export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
}

export function formatRow(name, result) {
  const ms = (value) => `${value.toFixed(1)} ms`;
  return [
    name.padEnd(22),
    `${result.rps.toFixed(1)} req/s`.padStart(14),
    `ttfb p50 ${ms(result.ttfb.p50)}`.padStart(20),
    `p99 ${ms(result.ttfb.p99)}`.padStart(14),
    `end p50 ${ms(result.total.p50)}`.padStart(20),
    `p99 ${ms(result.total.p99)}`.padStart(14),
    `errors ${result.errors}`.padStart(10),
  ].join(' ');
}

/**
 * Runs the load in a worker thread, so the client has its own event loop and does not steal
 * the server's (the servers under test run on the main thread of this process).
 */
export function runLoadInWorker(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
