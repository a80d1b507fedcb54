#!/usr/bin/env node
// Scores both evaluation sets (development and held-out) against a running service:
// `node test/eval/run-eval.mjs [baseUrl]` (default http://localhost:3000, or EVAL_BASE_URL). Prints
// the two sets' per-category scores side by side and each failing case; exits 1 when a category
// scores below its floor in floor.json.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { belowFloor, formatResults, loadSets, runSets } from './eval-core.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const baseUrl = process.argv[2] ?? process.env.EVAL_BASE_URL ?? 'http://localhost:3000';
const only = process.env.EVAL_CATEGORIES?.split(',').filter(Boolean);

const scored = await runSets(baseUrl, loadSets(here), only ? { categories: only } : undefined);
console.log(formatResults(scored));

const below = belowFloor(scored, JSON.parse(readFileSync(join(here, 'floor.json'), 'utf8')));
for (const { set, category, score, floor } of below) console.error(`${set}/${category} scored ${score}, below its floor of ${floor}`);
process.exitCode = below.length > 0 ? 1 : 0;
