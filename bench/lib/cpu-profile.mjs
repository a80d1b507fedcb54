import { readFileSync } from 'node:fs';

/**
 * Where a frame's code comes from, by its script URL: the package (or Node's core, or our own
 * code by its folder under dist/src), grouped into the areas the per-request overhead is
 * discussed in.
 */
const AREAS = [
  [/\/node_modules\/@nestjs\//, 'Nest pipeline'],
  [/\/node_modules\/(express|router|body-parser|raw-body|iconv-lite|on-finished|finalhandler|send|serve-static|content-type|type-is|mime-types|qs|cookie-parser|cookie|accepts|negotiator|vary|statuses|http-errors|depd|parseurl|proxy-addr|forwarded|path-to-regexp|etag|fresh|range-parser|encodeurl|escape-html|media-typer|merge-descriptors|debug|ms)\//, 'Express'],
  [/\/node_modules\/(passport|passport-jwt|passport-strategy|jsonwebtoken|jws|jwa|buffer-equal-constant-time|ecdsa-sig-formatter|safe-buffer|semver|lodash\.)/, 'auth (passport, jsonwebtoken)'],
  [/\/node_modules\/(class-validator|class-transformer|validator|libphonenumber-js)\//, 'class-validator / class-transformer'],
  [/\/node_modules\/(typeorm|reflect-metadata|sha\.js|app-root-path|dayjs|uuid)\//, 'TypeORM'],
  [/\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|pg-connection-string|postgres-array|postgres-bytea|postgres-date|postgres-interval|buffer-writer|packet-reader)\//, 'pg'],
  [/\/node_modules\/(pg-boss|cron)\//, 'queue (pg-boss, cron)'],
  [/\/node_modules\/(ai|@ai-sdk\/[^/]+|@opentelemetry\/api|eventsource-parser|@standard-schema\/[^/]+)\//, 'AI SDK'],
  [/\/node_modules\/(zod|zod-to-json-schema)\//, 'zod'],
  [/\/node_modules\/(pino|pino-std-serializers|pino-http|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|atomic-sleep|on-exit-leak-free|safe-stable-stringify|fast-safe-stringify|pino-abstract-transport|real-require|process-warning)\//, 'logging (pino)'],
  [/\/node_modules\/(helmet|rxjs|tslib)\//, 'Nest pipeline'],
  [/\/node_modules\//, 'other packages'],
  [/\/dist\/src\//, 'our code'],
  [/^node:(internal\/)?webstreams\//, 'Node core: web streams'],
  [/^node:(internal\/)?(_http|http|net|stream_base|streams|stream)/, 'Node core: http, net, streams'],
  [/^node:(internal\/)?(async_hooks|async_local_storage)/, 'Node core: async_hooks (AsyncLocalStorage)'],
  [/^node:|^internal\//, 'Node core: other'],
];

/** `(garbage collector)`, `(program)`, `(idle)` and the like have no script; V8's builtins neither. */
function areaOf(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) {
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(program)') return 'V8 / native (no JS frame)';
    return 'V8 builtins (native)';
  }
  for (const [pattern, area] of AREAS) if (pattern.test(url)) return area;
  return 'other';
}

/** The package or our folder a URL belongs to, for the finer listing. */
function sourceOf(url) {
  if (!url) return '(native)';
  const ours = /\/dist\/src\/([^/]+)/.exec(url);
  if (ours) return `src/${ours[1]}`;
  const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').split('/').slice(0, 2).join('/');
  return url;
}

/**
 * Self time of a `.cpuprofile` (V8's JSON), summed by function, by source and by area, counting
 * only samples taken between `fromMicros` and `toMicros` (the profile's own clock, the monotonic
 * one process.hrtime reads) when given: the load, not the boot or the shutdown.
 */
export function summariseCpuProfile(path, { fromMicros = -Infinity, toMicros = Infinity } = {}) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByNode = new Map();
  let at = profile.startTime;
  let total = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    at += profile.timeDeltas[index];
    if (at < fromMicros || at > toMicros) continue;
    // A sample's time is the delta to the next one; the next delta is the best we have.
    const delta = profile.timeDeltas[index + 1] ?? 0;
    const id = profile.samples[index];
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + delta);
    total += delta;
  }
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  // Node's core and V8's builtins work for whoever called them: charged to the nearest frame of a
  // package or of our code in the stack (what the stack shows: after an await, the microtask that resumed).
  const callerArea = (id) => {
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const { callFrame } = nodes.get(at);
      const area = areaOf(callFrame);
      if (!isGeneric(area)) return area === 'our code' ? `our code: ${sourceOf(callFrame.url)}` : area;
    }
    return null;
  };
  const byFunction = new Map();
  const bySource = new Map();
  const byArea = new Map();
  const byCaller = new Map();
  const add = (map, key, micros) => map.set(key, (map.get(key) ?? 0) + micros);
  for (const [id, micros] of selfByNode) {
    const { callFrame } = nodes.get(id);
    const area = areaOf(callFrame);
    const where = callFrame.url ? `${sourceOf(callFrame.url)}:${callFrame.lineNumber + 1}` : '';
    add(byFunction, `${callFrame.functionName || '(anonymous)'} ${where}`.trim() + `  [${area}]`, micros);
    add(bySource, sourceOf(callFrame.url), micros);
    add(byArea, area, micros);
    const caller = isGeneric(area) && !UNCHARGED_AREAS.has(area) ? callerArea(id) : area === 'our code' ? `our code: ${sourceOf(callFrame.url)}` : area;
    add(byCaller, caller ?? `${area}, no package or our code in the stack`, micros);
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { totalMicros: total, byArea: sorted(byArea), byCaller: sorted(byCaller), bySource: sorted(bySource), byFunction: sorted(byFunction) };
}

/** Areas that do work for others: Node's core and V8's builtins. */
const isGeneric = (area) => area.startsWith('Node core') || ['V8 builtins (native)', 'V8 / native (no JS frame)', 'GC', 'idle'].includes(area);
/** Not charged to anyone: their stack says nothing of who caused them. */
const UNCHARGED_AREAS = new Set(['GC', 'idle', 'V8 / native (no JS frame)']);

/** The summary as text: each row's milliseconds, its share of all samples and of the busy ones. */
export function formatCpuProfileSummary(summary, { top = 25 } = {}) {
  const idle = summary.byArea.find(([area]) => area === 'idle')?.[1] ?? 0;
  const busy = summary.totalMicros - idle;
  const row = ([name, micros]) =>
    `${(micros / 1000).toFixed(0).padStart(8)} ms ${((micros / summary.totalMicros) * 100).toFixed(1).padStart(5)}% ${name === 'idle' ? '      ' : `${((micros / busy) * 100).toFixed(1).padStart(5)}%`}  ${name}`;
  return [
    `profile window: ${(summary.totalMicros / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (columns: self time, share of all, share of busy)`,
    '',
    'by area (self time):',
    ...summary.byArea.map(row),
    '',
    "by area, Node core and V8 builtins charged to their nearest caller that is a package or our code:",
    ...summary.byCaller.map(row),
    '',
    'by source (top 20):',
    ...summary.bySource.slice(0, 20).map(row),
    '',
    `by function, self time (top ${top}):`,
    ...summary.byFunction.slice(0, top).map(row),
  ].join('\n');
}
