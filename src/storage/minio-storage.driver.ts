import http from 'node:http';
import https from 'node:https';
import { buffer } from 'node:stream/consumers';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, S3Error } from 'minio';
import type { AppConfig } from '../config/configuration.js';
import type { S3Settings } from '../config/storage.config.js';
import { IMMUTABLE_CACHE_CONTROL, PUBLIC_FOLDER, type StorableMediaType, StorageService } from './storage.service.js';

/** Names our statement in the bucket policy, so statements the operator added are kept. */
const POLICY_STATEMENT_ID = 'AssistantPublicReadImages';

interface PolicyDocument {
  Version?: string;
  Statement?: { Sid?: string }[];
}

/**
 * MinIO or any S3-compatible store (`S3_ENDPOINT`). At start it creates the bucket if missing
 * and lets anyone read `images/*` (the public folder); links are `<S3_PUBLIC_URL>/<key>`.
 */
@Injectable()
export class MinioStorageDriver extends StorageService implements OnModuleInit {
  protected readonly publicBaseUrl: string;
  private readonly logger = new Logger(MinioStorageDriver.name);
  private readonly client: Client;
  private readonly bucket: string;

  constructor(config: ConfigService<AppConfig, true>) {
    super();
    const s3 = config.get('storage', { infer: true }).s3;
    if (!s3) throw new Error('MinioStorageDriver needs S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY');
    this.client = new Client(clientOptions(s3));
    this.bucket = s3.bucket;
    this.publicBaseUrl = s3.publicUrl;
  }

  async onModuleInit(): Promise<void> {
    await this.ensureBucket();
    await this.allowPublicImageReads();
  }

  /** HeadBucket: the store answers and the bucket is there. */
  async probe(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`the bucket ${this.bucket} does not exist`);
  }

  protected async writeObject(key: string, data: Uint8Array, mediaType: StorableMediaType): Promise<void> {
    const body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    await this.client.putObject(this.bucket, key, body, body.length, {
      'Content-Type': mediaType,
      'Cache-Control': IMMUTABLE_CACHE_CONTROL,
    });
  }

  protected async readObject(key: string): Promise<Buffer | null> {
    try {
      return await buffer(await this.client.getObject(this.bucket, key));
    } catch (error) {
      if (hasCode(error, 'NoSuchKey', 'NotFound')) return null;
      throw error;
    }
  }

  protected async removeObject(key: string): Promise<void> {
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (error) {
      if (!hasCode(error, 'NoSuchKey', 'NotFound')) throw error;
    }
  }

  /** Instances starting together may race to create it; whoever loses finds it theirs already. */
  private async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket);
      this.logger.log(`Created bucket ${this.bucket}`);
    } catch (error) {
      if (!hasCode(error, 'BucketAlreadyOwnedByYou')) throw error;
    }
  }

  /**
   * Adds (or refreshes) one statement allowing anonymous `s3:GetObject` on `images/*`, keeping
   * the rest of the bucket's policy. A store that refuses bucket policies (an S3 account that
   * blocks public access and serves through a CDN, or a test server without policy support)
   * only gets a warning: the app works, but image links answer 403 until reads are allowed.
   */
  private async allowPublicImageReads(): Promise<void> {
    const statement = {
      Sid: POLICY_STATEMENT_ID,
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetObject'],
      Resource: [`arn:aws:s3:::${this.bucket}/${PUBLIC_FOLDER}/*`],
    };
    try {
      const current = await this.currentPolicy();
      const others = (current.Statement ?? []).filter((existing) => existing.Sid !== POLICY_STATEMENT_ID);
      const ours = (current.Statement ?? []).find((existing) => existing.Sid === POLICY_STATEMENT_ID);
      if (JSON.stringify(ours) === JSON.stringify(statement)) return;
      const policy = { ...current, Version: current.Version ?? '2012-10-17', Statement: [...others, statement] };
      await this.client.setBucketPolicy(this.bucket, JSON.stringify(policy));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(
        `Could not set the public-read policy for ${this.bucket}/${PUBLIC_FOLDER}/* (${reason}); image links need anonymous reads`,
      );
    }
  }

  private async currentPolicy(): Promise<PolicyDocument> {
    try {
      const text = await this.client.getBucketPolicy(this.bucket);
      const parsed: unknown = text ? JSON.parse(text) : {};
      return isPolicyDocument(parsed) ? parsed : {};
    } catch (error) {
      if (hasCode(error, 'NoSuchBucketPolicy')) return {};
      throw error;
    }
  }
}

/** `http://minio:9000` → host, port and TLS, as the minio client takes them. */
function clientOptions(s3: S3Settings): ConstructorParameters<typeof Client>[0] {
  const url = new URL(s3.endpoint);
  if (url.pathname !== '/' || url.search) throw new Error('S3_ENDPOINT must be an origin such as http://minio:9000 (no path)');
  const useSSL = url.protocol === 'https:';
  return {
    endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    transport: idleTimeoutTransport(useSSL ? https : http, s3.requestTimeoutMs),
  };
}

/**
 * The minio client sets no timeout of its own: a store that accepts the connection and then says
 * nothing would hold a request (and whoever awaits it) forever. Each request here fails with
 * ETIMEDOUT once its socket has been idle for `timeoutMs`, which a long transfer that keeps
 * moving bytes never is; the transient classifier reads that as "connection timed out".
 */
function idleTimeoutTransport(base: typeof http | typeof https, timeoutMs: number): Pick<typeof http, 'request'> {
  const request = (options: http.RequestOptions, callback?: (response: http.IncomingMessage) => void): http.ClientRequest => {
    const outgoing = base.request({ ...options, timeout: timeoutMs }, callback);
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error(`No answer from object storage within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    return outgoing;
  };
  return { request: request as typeof http.request };
}

function hasCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof S3Error && error.code !== undefined && codes.includes(error.code);
}

function isPolicyDocument(value: unknown): value is PolicyDocument {
  return typeof value === 'object' && value !== null && (!('Statement' in value) || Array.isArray(value.Statement));
}
