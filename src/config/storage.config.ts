import type { EnvironmentVariables } from './env.validation.js';

export interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Base of public object links; defaults to `<endpoint>/<bucket>`. */
  publicUrl: string;
  /** A request that moves no byte for this long fails (ETIMEDOUT). */
  requestTimeoutMs: number;
}

export interface StorageSettings {
  /** Unset means local disk under DATA_DIR, served by the app. */
  s3?: S3Settings;
}

export function storageSettings(env: EnvironmentVariables): StorageSettings {
  if (!env.S3_ENDPOINT || !env.S3_ACCESS_KEY || !env.S3_SECRET_KEY) return {};
  const endpoint = env.S3_ENDPOINT.replace(/\/+$/, '');
  const bucket = env.S3_BUCKET ?? 'assistant-assets';
  return {
    s3: {
      endpoint,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
      bucket,
      publicUrl: (env.S3_PUBLIC_URL ?? `${endpoint}/${bucket}`).replace(/\/+$/, ''),
      requestTimeoutMs: env.S3_REQUEST_TIMEOUT_MS ?? 10_000,
    },
  };
}
