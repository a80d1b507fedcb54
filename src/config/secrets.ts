import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { InvalidEnvironmentError } from './environment.js';

export const SECRET_VARIABLES = ['JWT_SECRET', 'APPROVAL_TOKEN_SECRET'] as const;
type SecretVariable = (typeof SECRET_VARIABLES)[number];

export const DEFAULT_DATA_DIR = '.data';

/**
 * Outside production a missing secret is generated once and kept in `DATA_DIR/secrets.json`,
 * so sessions survive restarts on a developer's machine. In production a missing secret is a
 * configuration error: a generated one would differ between instances.
 */
export function withSecrets(raw: Record<string, unknown>): Record<string, unknown> {
  const missing = SECRET_VARIABLES.filter((name) => !raw[name]);
  if (missing.length === 0) return raw;
  if (raw.NODE_ENV === 'production') {
    throw new InvalidEnvironmentError(
      `Invalid configuration:\n- ${missing.map((name) => `${name} is required when NODE_ENV=production`).join('\n- ')}`,
    );
  }
  const dataDir = typeof raw.DATA_DIR === 'string' && raw.DATA_DIR ? raw.DATA_DIR : DEFAULT_DATA_DIR;
  const file = join(dataDir, 'secrets.json');
  const stored: Partial<Record<SecretVariable, string>> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<SecretVariable, string>>)
    : {};
  let changed = false;
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = randomBytes(48).toString('base64url');
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  new Logger('Config').warn(
    `${missing.join(' and ')} not set: using generated development secrets from ${file}. Set them in production.`,
  );
  return { ...raw, ...Object.fromEntries(missing.map((name) => [name, stored[name]])) };
}
