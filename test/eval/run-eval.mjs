#!/usr/bin/env node
// Scores the evaluation set against a running service: `node test/eval/run-eval.mjs [baseUrl]`
// (default http://localhost:3000, or EVAL_BASE_URL). Prints per-category scores and each failing
// case; exits 1 when a category scores below its floor in floor.json.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatResults, loadCases, runEval } from './eval-core.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const baseUrl = process.argv[2] ?? process.env.EVAL_BASE_URL ?? 'http://localhost:3000';
const only = process.env.EVAL_CATEGORIES?.split(',').filter(Boolean);

const cases = loadCases(join(here, 'cases'));
const results = await runEval(baseUrl, cases, only ? { categories: only } : undefined);
console.log(formatResults(results));

const floor = JSON.parse(readFileSync(join(here, 'floor.json'), 'utf8'));
const below = Object.entries(results).filter(([category, result]) => result.score < (floor[category] ?? 0));
for (const [category, result] of below) console.error(`${category} scored ${result.score}, below its floor of ${floor[category]}`);
process.exitCode = below.length > 0 ? 1 : 0;
