// Module resolution hooks: every URL the process resolves is appended to the file IMPORT_LOG, so a
// test can tell which packages a real server process imported.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(process.env.IMPORT_LOG, `${resolved.url}\n`);
  return resolved;
}
