import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type INestApplication, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, S3Error } from 'minio';
import type { MockInstance } from 'vitest';
import type { AppConfig } from '../../src/config/configuration.js';
import { MinioStorageDriver } from '../../src/storage/minio-storage.driver.js';
import { StorageInputError, StorageService } from '../../src/storage/storage.service.js';
import { api } from '../helpers/api.js';
import { expectError } from '../helpers/expect-error.js';
import { oneConnectionPerRequest, S3rver } from '../helpers/s3rver.js';
import { createTestApp } from '../setup/create-test-app.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const KEY_PATTERN = /^images\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}\.png$/;

/** The path of a link, for requests through supertest. */
function pathOf(url: string): string {
  return new URL(url).pathname;
}

describe('Storage on local disk (the embedded default)', () => {
  let app: INestApplication;
  let storage: StorageService;
  let dataDir: string;
  const teamId = randomUUID();

  beforeAll(async () => {
    app = await createTestApp({ env: { PUBLIC_URL: 'https://assistant.example.com' } });
    storage = app.get(StorageService);
    dataDir = app.get<ConfigService<AppConfig, true>>(ConfigService).get('app', { infer: true }).dataDir;
  });
  afterAll(() => app.close());

  it('stores an image under an unguessable key in the team prefix and serves it at its link', async () => {
    const stored = await storage.put(teamId, 'images', PNG, 'image/png');
    expect(stored.key).toMatch(KEY_PATTERN);
    expect(stored.key.startsWith(`images/${teamId}/`)).toBe(true);
    expect(stored.url).toBe(`https://assistant.example.com/files/${stored.key}`);

    const response = await api(app).get(pathOf(stored.url)).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(PNG.length));
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Buffer.compare(response.body as Buffer, PNG)).toBe(0);
    expect(await storage.get(stored.key)).toEqual({ data: PNG, mediaType: 'image/png' });
  });

  it('gives every upload a new key, also for the same bytes', async () => {
    const [first, second] = [await storage.put(teamId, 'images', PNG, 'image/png'), await storage.put(teamId, 'images', PNG, 'image/png')];
    expect(first.key).not.toBe(second.key);
  });

  it('derives the extension from the media type and normalizes it', async () => {
    const stored = await storage.put(teamId, 'images', PNG, 'Image/JPEG; charset=binary');
    expect(stored.key).toMatch(/\.jpg$/);
    const response = await api(app).get(pathOf(stored.url)).expect(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('keeps the files folder private: not served by link, read back with get()', async () => {
    const stored = await storage.put(teamId, 'files', PDF, 'application/pdf');
    expect(stored.key).toMatch(new RegExp(`^files/${teamId}/[A-Za-z0-9_-]{22}\\.pdf$`));
    expectError(await api(app).get(pathOf(stored.url)), 404, 'File not found');
    expect(await storage.get(stored.key)).toEqual({ data: PDF, mediaType: 'application/pdf' });
  });

  it('answers an unknown key with the standard 404 body, and is not cached as immutable', async () => {
    const response = await api(app).get(`/files/images/${teamId}/AAAAAAAAAAAAAAAAAAAAAA.png`);
    expectError(response, 404, 'File not found');
    expect(response.headers['cache-control']).toBeUndefined();
    expectError(await api(app).get('/files/whatever.png'), 404, 'File not found');
  });

  it('serves files outside the /api prefix only', async () => {
    const stored = await storage.put(teamId, 'images', PNG, 'image/png');
    expectError(await api(app).get(`/api/files/${stored.key}`), 404, `Cannot GET /api/files/${stored.key}`);
  });

  it('refuses path traversal, plain or encoded', async () => {
    writeFileSync(join(dataDir, 'secrets.json'), '{"JWT_SECRET":"decoy-secret"}');
    const attempts = [
      '/files/../secrets.json',
      '/files/images/../../secrets.json',
      '/files/%2e%2e/secrets.json',
      '/files/%2E%2E%2Fsecrets.json',
      '/files/..%2fsecrets.json',
      '/files/images%2f..%2f..%2fsecrets.json',
      '/files/..%5csecrets.json',
      '/files/%2fetc%2fpasswd',
    ];
    for (const path of attempts) {
      const response = await api(app).get(path);
      expectError(response, 404, 'File not found');
      expect(response.text).not.toContain('decoy-secret');
    }
  });

  it('deletes idempotently', async () => {
    const stored = await storage.put(teamId, 'images', PNG, 'image/png');
    await storage.delete(stored.key);
    expectError(await api(app).get(pathOf(stored.url)), 404, 'File not found');
    expect(await storage.get(stored.key)).toBeNull();
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
    await expect(storage.delete('../secrets.json')).resolves.toBeUndefined();
  });

  it('refuses team ids that are not UUIDs and media types it does not store', async () => {
    await expect(storage.put('../other', 'images', PNG, 'image/png')).rejects.toBeInstanceOf(StorageInputError);
    await expect(storage.put(teamId, 'images', PNG, 'image/svg+xml')).rejects.toBeInstanceOf(StorageInputError);
    await expect(storage.put(teamId, 'images', PDF, 'application/pdf')).rejects.toBeInstanceOf(StorageInputError);
    await expect(storage.put(teamId, 'files', PDF, 'text/html')).rejects.toBeInstanceOf(StorageInputError);
    expect(() => storage.urlFor('../secrets.json')).toThrow(StorageInputError);
    expect(await storage.get('images/../../secrets.json')).toBeNull();
  });
});

describe('Storage on MinIO/S3 (against s3rver)', () => {
  const bucket = 'assistant-test-assets';
  const teamId = randomUUID();
  const s3rver = new S3rver();
  let endpoint: string;
  let client: Client;
  let app: INestApplication;
  let storage: StorageService;
  let warn: MockInstance<Logger['warn']>;

  beforeAll(async () => {
    warn = vi.spyOn(Logger.prototype, 'warn');
    await s3rver.start();
    endpoint = s3rver.endpoint;
    client = new Client({
      endPoint: '127.0.0.1',
      port: s3rver.port,
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      transportAgent: oneConnectionPerRequest,
    });
    expect(await client.bucketExists(bucket)).toBe(false);

    app = await createTestApp({
      env: {
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        S3_BUCKET: bucket,
        S3_PUBLIC_URL: `${endpoint}/${bucket}`,
      },
    });
    storage = app.get(StorageService);
  });
  afterAll(async () => {
    warn?.mockRestore();
    await app?.close();
    await s3rver.close();
  });

  it('creates the bucket at start, and only warns when the store refuses bucket policies', async () => {
    expect(storage).toBeInstanceOf(MinioStorageDriver);
    expect(await client.bucketExists(bucket)).toBe(true);
    // s3rver answers PUT ?policy with NotImplemented; MinIO and S3 accept it.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`public-read policy for ${bucket}/images/*`));

    // A second instance finds the bucket there.
    const again = new MinioStorageDriver(app.get(ConfigService));
    await expect(again.onModuleInit()).resolves.toBeUndefined();
  });

  it('adds its public-read statement for images/* to the bucket policy, keeping the operator\'s statements', async () => {
    const ours = {
      Sid: 'AssistantPublicReadImages',
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetObject'],
      Resource: [`arn:aws:s3:::${bucket}/images/*`],
    };
    const operators = { Sid: 'Backups', Effect: 'Allow', Principal: { AWS: ['arn:aws:iam::1:user/backup'] }, Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/*`] };
    const noPolicy = Object.assign(new S3Error('The bucket policy does not exist'), { code: 'NoSuchBucketPolicy' });
    const getPolicy = vi.spyOn(Client.prototype, 'getBucketPolicy');
    const setPolicy = vi.spyOn(Client.prototype, 'setBucketPolicy').mockResolvedValue();
    const driver = new MinioStorageDriver(app.get(ConfigService));
    try {
      getPolicy.mockRejectedValueOnce(noPolicy);
      await driver.onModuleInit();
      expect(setPolicy).toHaveBeenCalledTimes(1);
      expect(JSON.parse(setPolicy.mock.calls[0][1])).toEqual({ Version: '2012-10-17', Statement: [ours] });

      getPolicy.mockResolvedValueOnce(JSON.stringify({ Version: '2012-10-17', Statement: [operators, { ...ours, Resource: ['stale'] }] }));
      await driver.onModuleInit();
      expect(JSON.parse(setPolicy.mock.calls[1][1])).toEqual({ Version: '2012-10-17', Statement: [operators, ours] });

      getPolicy.mockResolvedValueOnce(JSON.stringify({ Version: '2012-10-17', Statement: [operators, ours] }));
      await driver.onModuleInit();
      expect(setPolicy).toHaveBeenCalledTimes(2);
    } finally {
      getPolicy.mockRestore();
      setPolicy.mockRestore();
    }
  });

  it('stores an image with its content type and serves it at its public link over plain HTTP', async () => {
    const stored = await storage.put(teamId, 'images', PNG, 'image/png');
    expect(stored.key).toMatch(KEY_PATTERN);
    expect(stored.url).toBe(`${endpoint}/${bucket}/${stored.key}`);

    const stat = await client.statObject(bucket, stored.key);
    expect(stat.size).toBe(PNG.length);
    expect(stat.metaData).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' });

    const response = await fetch(stored.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), PNG)).toBe(0);
    expect(await storage.get(stored.key)).toEqual({ data: PNG, mediaType: 'image/png' });
  });

  it('deletes the object, idempotently', async () => {
    const stored = await storage.put(teamId, 'files', PDF, 'application/pdf');
    expect(await storage.get(stored.key)).toEqual({ data: PDF, mediaType: 'application/pdf' });
    await storage.delete(stored.key);
    expect((await fetch(stored.url)).status).toBe(404);
    expect(await storage.get(stored.key)).toBeNull();
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
  });

  it('does not serve /files from the app: the bucket does', async () => {
    const stored = await storage.put(teamId, 'images', PNG, 'image/png');
    expectError(await api(app).get(`/files/${stored.key}`), 404, `Cannot GET /files/${stored.key}`);
  });
});
