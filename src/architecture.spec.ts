import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The folders of src/, top to bottom: a file may import from its own folder and from folders
 * below it, never above (README, "Layout"). Features first, then infrastructure, which depends on
 * no feature. Files at the root of src/ (bootstrap, app module, CLIs) sit above everything.
 */
const MODULE_ORDER = [
  // Features.
  'mcp-server',
  'dashboard',
  'openai-api',
  'approvals',
  'schedules',
  'triggers',
  'runs',
  'workflows',
  'assistant',
  'conversations',
  'assets',
  'audit',
  'webhooks',
  'usage',
  'teams',
  'audit-events',
  'webhook-events',
  'workflow-runs',
  // Infrastructure.
  'health',
  'shutdown',
  'llm',
  'workflow-rules',
  'live',
  'queue',
  'mail',
  'outbound',
  'http',
  'metrics',
  'storage',
  'redis',
  'database',
  'logging',
  'tracing',
  'config',
  'common',
] as const;

const SRC = resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The folder of src/ a path is in, or null for a file at the root of src/ or outside it. */
function folderOf(path: string): string | null {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
}

/**
 * What a file imports, as written: static, type-only, re-exports and dynamic imports alike (read by
 * TypeScript's pre-processor, no type-checking).
 */
function importedSpecifiers(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map(({ fileName }) => fileName);
}

/**
 * Every import between two folders of src/ that goes up the order, as `from → to: file imports spec`.
 * Specs are left out: a spec may drive lower code with real inputs from above.
 */
function edgesAgainstOrder(): string[] {
  const rank = new Map<string, number>(MODULE_ORDER.map((name, index) => [name, index]));
  const found: string[] = [];
  for (const file of sourceFiles(SRC).filter((path) => !path.endsWith('.spec.ts'))) {
    const from = folderOf(file);
    if (from === null) continue;
    if (!rank.has(from)) {
      found.push(`${from}: a folder missing from MODULE_ORDER`);
      continue;
    }
    for (const fileName of importedSpecifiers(file)) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      if (relative(SRC, target).startsWith('..')) continue;
      const to = folderOf(target);
      if (to === from) continue;
      if (to === null || (rank.get(to) ?? -1) <= rank.get(from)!) found.push(`${from} → ${to ?? 'src/'}: ${relative(SRC, file)} imports ${fileName}`);
    }
  }
  return found;
}

describe('module order', () => {
  it('every import between folders of src/ points down MODULE_ORDER', () => {
    expect(edgesAgainstOrder()).toEqual([]);
  });
});

/** Every file a file loads through relative imports, itself included. */
function loadedBy(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const fileName of importedSpecifiers(file)) {
    if (fileName.startsWith('.')) loadedBy(resolve(dirname(file), fileName).replace(/\.js$/, '.ts'), seen);
  }
  return seen;
}

describe('fault files', () => {
  // Each fault file runs in a fresh worker and drives built server processes: loading the app
  // there (through the in-process app's setup or the HTTP helper's contract check) cost each
  // file about 5 s of CPU on a quiet machine, the whole lane about 170 s on a busy one.
  it('load no part of the app into their worker: not the app module, the in-process app setup or the contract check', () => {
    const TEST = resolve(SRC, '../test');
    const heavy = [resolve(SRC, 'app.module.ts'), join(TEST, 'setup/create-test-app.ts'), join(TEST, 'helpers/api.ts')];
    const faultFiles = readdirSync(join(TEST, 'faults')).map((name) => join(TEST, 'faults', name));
    const found = faultFiles.flatMap((file) => [...loadedBy(file)].filter((loaded) => heavy.includes(loaded)).map((loaded) => `${relative(TEST, file)} loads ${relative(TEST, loaded)}`));
    expect(faultFiles.length).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });
});
