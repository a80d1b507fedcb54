import { integer, invalid, namespace, text, url, type ValuesOf } from './environment.js';

export const STORAGE_VARIABLES = namespace('Object storage', {
  endpoint: url({ name: 'S3_ENDPOINT', doc: 'S3-compatible endpoint (MinIO, S3). Unset: files are kept on local disk under DATA_DIR and served by the app.' }),
  accessKey: text({ name: 'S3_ACCESS_KEY', doc: 'Required when S3_ENDPOINT is set.' }),
  secretKey: text({ name: 'S3_SECRET_KEY', doc: 'Required when S3_ENDPOINT is set.' }),
  bucket: text({
    name: 'S3_BUCKET',
    default: 'assistant-assets',
    pattern: /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    problem: 'must be a valid bucket name',
    doc: 'Bucket, created at start if missing.',
  }),
  publicUrl: url({ name: 'S3_PUBLIC_URL', doc: 'Public base URL of objects (default S3_ENDPOINT/S3_BUCKET).' }),
  requestTimeoutMs: integer({
    name: 'S3_REQUEST_TIMEOUT_MS',
    default: 10_000,
    min: 1000,
    max: 600_000,
    doc: 'A request to object storage that moves no byte for this long, in ms, fails: a store that hangs is an error after seconds, not never.',
  }),
});

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

export function storageSettings(values: ValuesOf<typeof STORAGE_VARIABLES>): StorageSettings {
  const { endpoint, accessKey, secretKey } = values;
  if (!endpoint) return {};
  if (!accessKey || !secretKey) {
    const missing = Object.entries({ S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey }).filter(([, value]) => !value);
    throw invalid(...missing.map(([name]) => `${name} is required when S3_ENDPOINT is set`));
  }
  const base = endpoint.replace(/\/+$/, '');
  return {
    s3: {
      endpoint: base,
      accessKey,
      secretKey,
      bucket: values.bucket,
      publicUrl: (values.publicUrl ?? `${base}/${values.bucket}`).replace(/\/+$/, ''),
      requestTimeoutMs: values.requestTimeoutMs,
    },
  };
}
