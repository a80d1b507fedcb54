import { writeFileSync } from 'node:fs';
import { renderEnvExample } from './env-example.js';

/** `npm run env:example`: rewrites `.env.example` from the namespace files. */
writeFileSync('.env.example', renderEnvExample());
