import { NAMESPACES } from './configuration.js';
import type { Setting } from './environment.js';

const HEADER = [
  '# Copy to .env (read at start by `npm start` / `npm run start:prod`). Every variable is optional',
  '# outside production: unset, the service runs on its embedded defaults.',
  '#',
  '# Written by `npm run env:example` from the namespace files in src/config (one line per variable:',
  '# name, bounds, default, doc); edit those, not this file. A spec checks the two agree.',
];
const WIDTH = 100;

/** `.env.example` as the namespaces declare it: a section per namespace, a comment per setting. */
export function renderEnvExample(): string {
  const sections = Object.values(NAMESPACES).map(({ title, settings }) =>
    [`# --- ${title} ---`, ...Object.values(settings as Record<string, Setting<unknown>>).flatMap(renderSetting)].join('\n'),
  );
  return `${[HEADER.join('\n'), ...sections].join('\n\n')}\n`;
}

function renderSetting({ doc, variables }: Setting<unknown>): string[] {
  const defaults = variables.map((variable) => variable.default);
  const shown = defaults.every((value) => value !== undefined) ? defaults : [];
  const sentence = shown.length === 0 ? '' : shown.length === 1 ? ` Default: ${shown[0]}` : ` Defaults: ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return [...comment(doc + sentence), ...variables.map(({ name }) => `${name}=`)];
}

/** Words wrapped into `# ` lines of at most WIDTH characters (a longer word stands alone). */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length > 1 && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}
