// Preloaded with `--import`: logs each module the process resolves (see hooks.mjs) to IMPORT_LOG.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
