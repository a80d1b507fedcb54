import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import type { INestApplication } from '@nestjs/common';
import { Client, S3Error } from 'minio';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { keepIdleConnections, oneConnectionPerRequest, S3rver } from '../../helpers/s3rver.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

interface PolicyStatement {
  Effect?: string;
  Principal?: string | { AWS?: string | string[] };
  Action?: string | string[];
  Resource?: string | string[];
}

/**
 * s3rver with bucket policies: s3rver answers `?policy` with NotImplemented and lets anyone read
 * any object. This front keeps each bucket's policy as the S3 API sets and gets it (signed
 * requests only), and lets an anonymous request read an object only where the policy allows
 * `s3:GetObject` to everyone, as S3 and MinIO do. Everything else goes to s3rver unchanged (the
 * Host header too, so s3rver checks the client's signatures).
 */
class PolicyEnforcingS3 {
  readonly policies = new Map<string, string>();
  private readonly server: Server;
  private readonly s3rver = new S3rver();
  endpoint = '';

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
    keepIdleConnections(this.server);
  }

  async start(): Promise<void> {
    await this.s3rver.start();
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.s3rver.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
    const key = decodeURIComponent(rest.join('/'));
    const signed = 'authorization' in req.headers || url.searchParams.has('X-Amz-Signature');

    if (url.searchParams.has('policy')) {
      if (!signed) return s3Error(res, 403, 'AccessDenied');
      const body = (await buffer(req)).toString('utf8');
      if (req.method === 'PUT') this.policies.set(bucket, body);
      if (req.method === 'DELETE') this.policies.delete(bucket);
      if (req.method === 'PUT' || req.method === 'DELETE') return void res.writeHead(204).end();
      const policy = this.policies.get(bucket);
      if (policy === undefined) return s3Error(res, 404, 'NoSuchBucketPolicy');
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(policy);
    }
    if (!signed && !(key && (req.method === 'GET' || req.method === 'HEAD') && this.allowsAnonymousRead(bucket, key))) {
      req.resume();
      return s3Error(res, 403, 'AccessDenied');
    }
    const upstream = request(
      { host: '127.0.0.1', port: this.s3rver.port, method: req.method, path: req.url, headers: req.headers, agent: oneConnectionPerRequest },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }

  private allowsAnonymousRead(bucket: string, key: string): boolean {
    const text = this.policies.get(bucket);
    if (!text) return false;
    const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : [value].flat());
    const statements = (JSON.parse(text) as { Statement?: PolicyStatement[] }).Statement ?? [];
    return statements.some((statement) => {
      const principals = typeof statement.Principal === 'string' ? [statement.Principal] : list(statement.Principal?.AWS);
      const resources = list(statement.Resource).map((resource) => new RegExp(`^${resource.split('*').map(escapeRegExp).join('.*')}$`));
      return (
        statement.Effect === 'Allow' &&
        principals.includes('*') &&
        list(statement.Action).some((action) => action === 's3:GetObject' || action === 's3:*') &&
        resources.some((resource) => resource.test(`arn:aws:s3:::${bucket}/${key}`))
      );
    });
  }
}

function s3Error(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('assets on S3: chat images in the bucket, served by its public links', () => {
  const bucket = 'assistant-e2e-assets';
  const s3 = new PolicyEnforcingS3();
  /** A statement the operator put on the bucket before the app ever started. */
  const operators = {
    Sid: 'Backups',
    Effect: 'Allow',
    Principal: { AWS: ['arn:aws:iam::123456789012:user/backup'] },
    Action: ['s3:GetObject', 's3:ListBucket'],
    Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`],
  };
  let client: Client;
  let app: INestApplication;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    await s3.start();
    const { port } = new URL(s3.endpoint);
    client = new Client({
      endPoint: '127.0.0.1',
      port: Number(port),
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      transportAgent: oneConnectionPerRequest,
    });
    await client.makeBucket(bucket);
    await client.setBucketPolicy(bucket, JSON.stringify({ Version: '2012-10-17', Statement: [operators] }));

    app = await createTestApp({
      env: {
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        S3_BUCKET: bucket,
        S3_PUBLIC_URL: `${s3.endpoint}/${bucket}`,
      },
    });
    await resetDatabase(app);
    [alice, bob] = [await signUp(app), await signUp(app)];
  });
  afterAll(async () => {
    await app?.close();
    await s3.stop();
  });

  /** Asks for an image in chat; returns the image asset the reply saved. */
  async function chatImage(caller: TestUser, text: string): Promise<{ id: number; content: string; metadata: unknown }> {
    const reply = await chat(app, caller, { messages: [userMessage(text)] });
    const assets = await api(app, caller).get(`/api/assets?conversationId=${reply.conversationId}&type=image`).expect(200);
    expect(assets.body).toHaveLength(1);
    return assets.body[0];
  }

  const keyOf = (url: string): string => url.slice(`${s3.endpoint}/${bucket}/`.length);

  it('adds its public-read statement for images/* to the bucket policy at start, keeping the operator\'s', async () => {
    const policy: unknown = JSON.parse(await client.getBucketPolicy(bucket));
    expect(policy).toEqual({
      Version: '2012-10-17',
      Statement: [
        operators,
        {
          Sid: 'AssistantPublicReadImages',
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: [`arn:aws:s3:::${bucket}/images/*`],
        },
      ],
    });
  });

  it('stores a chat image in the bucket under the team\'s prefix, and its public link serves it to anyone', async () => {
    const image = await chatImage(alice, 'Make an image of a lighthouse at sunset');
    expect(image.content).toMatch(new RegExp(`^${escapeRegExp(`${s3.endpoint}/${bucket}/images/${alice.teamId}/`)}[A-Za-z0-9_-]{22}\\.png$`));
    expect(image.metadata).toEqual({ prompt: 'Make an image of a lighthouse at sunset', style: 'illustration' });

    const key = keyOf(image.content);
    const stat = await client.statObject(bucket, key);
    expect(stat.metaData).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' });
    const stored = await buffer(await client.getObject(bucket, key));
    expect(stored.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(stored.length).toBe(stat.size);

    // The link works without credentials: the bucket's policy lets anyone read images/*.
    const served = await fetch(image.content);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(stored);

    // The rest of the bucket stays private, and the app itself serves no /files route.
    await client.putObject(bucket, `files/${alice.teamId}/private.txt`, Buffer.from('private'));
    expect((await fetch(`${s3.endpoint}/${bucket}/files/${alice.teamId}/private.txt`)).status).toBe(403);
    expect((await fetch(`${s3.endpoint}/${bucket}`)).status).toBe(403);
    expectError(await api(app).get(`/files/${key}`), 404, `Cannot GET /files/${key}`);
  });

  it('lets the dashboard show the bucket\'s images: their origin is allowed in the content security policy', async () => {
    const response = await api(app, alice).get('/api/assets').expect(200);
    expect(response.headers['content-security-policy']).toContain(`img-src 'self' data: ${s3.endpoint}`);
  });

  it('deleting the asset removes its object from the bucket; another team can delete neither', async () => {
    const image = await chatImage(alice, 'Create a picture of a red bicycle');
    const key = keyOf(image.content);
    expect((await fetch(image.content)).status).toBe(200);

    expectError(await api(app, bob).delete(`/api/assets/${image.id}`), 404, 'Asset not found');
    expect((await client.statObject(bucket, key)).size).toBeGreaterThan(0);

    await api(app, alice).delete(`/api/assets/${image.id}`).expect(200, { success: true });
    const missing = await client.statObject(bucket, key).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(S3Error);
    expect((missing as S3Error).code).toBe('NotFound');
    expect((await fetch(image.content)).status).toBe(404);
    expectError(await api(app, alice).get(`/api/assets/${image.id}`), 404, 'Asset not found');
    const [{ count }] = await app.get(DataSource).query('SELECT count(*)::int AS count FROM assets WHERE id = $1', [image.id]);
    expect(count).toBe(0);
  });
});
