#!/usr/bin/env node
// Where a test run's time went, from vitest JSON reports (`--reporter=json --outputFile.json=…`):
// per area, the files' summed time and the span from the first file's start to the last's end;
// then the slowest files. A file's time is its tests' (hooks included), without its import phase.
// Usage: node test/timings.mjs test-artifacts/results-app.json test-artifacts/results-faults.json
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const AREAS = [
  ['unit', /^(src|dashboard\/src)\//],
  ['integration', /^test\/integration\//],
  ['e2e', /^test\/e2e\//],
  ['browser', /^test\/browser\//],
  ['eval', /^test\/eval\//],
  ['faults', /^test\/faults\//],
];
const SLOWEST = 10;

const files = process.argv.slice(2).flatMap((report) =>
  JSON.parse(readFileSync(report, 'utf8')).testResults.map((result) => ({
    name: relative(process.cwd(), result.name),
    start: result.startTime,
    end: result.endTime,
    seconds: (result.endTime - result.startTime) / 1000,
  })),
);
if (files.length === 0) throw new Error('no test files in the reports given');

const rows = AREAS.map(([area, pattern]) => {
  const mine = files.filter((file) => pattern.test(file.name));
  if (mine.length === 0) return undefined;
  const span = (Math.max(...mine.map((file) => file.end)) - Math.min(...mine.map((file) => file.start))) / 1000;
  return `${area.padEnd(12)} ${String(mine.length).padStart(4)} files ${sum(mine).toFixed(0).padStart(6)} s summed ${span.toFixed(0).padStart(6)} s first start to last end`;
}).filter(Boolean);
const wall = (Math.max(...files.map((file) => file.end)) - Math.min(...files.map((file) => file.start))) / 1000;
console.log(rows.join('\n'));
console.log(`${'all'.padEnd(12)} ${String(files.length).padStart(4)} files ${sum(files).toFixed(0).padStart(6)} s summed ${wall.toFixed(0).padStart(6)} s first start to last end`);
console.log(`slowest files:`);
for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) console.log(`  ${file.seconds.toFixed(0).padStart(5)} s  ${file.name}`);

function sum(list) {
  return list.reduce((total, file) => total + file.seconds, 0);
}
