import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, statfs, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { PUBLIC_FOLDER, parseStorageKey, StorageService, type StoredFile } from './storage.service.js';

/**
 * The embedded default: objects are files under `<DATA_DIR>/files/<key>`, served by the app at
 * `<PUBLIC_URL>/files/<key>` (FilesController). The media type is the key's extension, which
 * the key was made from, so nothing is stored beside the bytes.
 */
@Injectable()
export class DiskStorageDriver extends StorageService {
  protected readonly publicBaseUrl: string;
  private readonly root: string;
  private readonly minFreeBytes: number;

  constructor(config: ConfigService<AppConfig, true>) {
    super();
    const app = config.get('app', { infer: true });
    this.root = resolve(app.dataDir, 'files');
    this.publicBaseUrl = `${app.publicUrl}/files`;
    this.minFreeBytes = app.minFreeDiskBytes;
  }

  /** Free space first (a disk nearly full fails before writes do), then a small file written and removed. */
  async probe(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const { bavail, bsize } = await statfs(this.root);
    const free = bavail * bsize;
    if (free < this.minFreeBytes) {
      throw new Error(`${megabytes(free)} MB free under ${this.root}, less than the ${megabytes(this.minFreeBytes)} MB required`);
    }
    const probe = join(this.root, `.health-${randomUUID()}`);
    try {
      await writeFile(probe, 'ok', { flag: 'wx' });
    } finally {
      await rm(probe, { force: true });
    }
  }

  /** What `GET /files/<key>` serves: objects of the public folder only, as the S3 bucket policy does. */
  async readPublic(key: string): Promise<StoredFile> {
    const file = parseStorageKey(key)?.folder === PUBLIC_FOLDER ? await this.get(key) : null;
    if (!file) throw new NotFoundException('File not found');
    return file;
  }

  /** Written to a temporary name first, so a half-written file is never served. */
  protected async writeObject(key: string, data: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    const partial = `${path}.${randomUUID()}.partial`;
    await mkdir(dirname(path), { recursive: true });
    try {
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  protected async readObject(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  protected async removeObject(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Keys are checked by their pattern already; this also refuses any path that leaves the root. */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key escapes the storage directory: ${key}`);
    return path;
  }
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && ['ENOENT', 'ENOTDIR', 'EISDIR'].includes(String(error.code));
}
