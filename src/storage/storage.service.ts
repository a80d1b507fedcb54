import { randomBytes } from 'node:crypto';

/**
 * Top-level folders of the store. `images` is publicly readable (anonymous GET on the bucket's
 * `images/*`, or served by the app under `/files/images/...`); `files` (attachments such as
 * receipts and contracts) is private and read back only through {@link StorageService.get}.
 */
export type StorageFolder = 'images' | 'files';

/** The folder whose objects anyone holding the link may read. */
export const PUBLIC_FOLDER = 'images' satisfies StorageFolder;

/** Every media type the store accepts, with the extension its keys end in. */
const EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
} as const;

export type StorableMediaType = keyof typeof EXTENSIONS;

const MEDIA_TYPES_BY_FOLDER: Record<StorageFolder, readonly StorableMediaType[]> = {
  images: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  files: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'],
};

const MEDIA_TYPES_BY_EXTENSION = new Map<string, string>(Object.entries(EXTENSIONS).map(([mediaType, extension]) => [extension, mediaType]));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `<folder>/<teamId>/<22 base64url characters: 128 random bits>.<extension>`. Nothing else is a
 * key, so a key never holds `..`, a backslash, an encoded character or an absolute path.
 */
const KEY = /^(images|files)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[A-Za-z0-9_-]{22}\.(png|jpg|webp|gif|pdf)$/;

/** Keys are immutable (a new upload always gets a new key), so links may be cached for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface StoredObject {
  key: string;
  /** The object's link: publicly readable for the `images` folder only. */
  url: string;
}

export interface StoredFile {
  data: Buffer;
  mediaType: StorableMediaType;
}

export interface StorageKey {
  folder: StorageFolder;
  teamId: string;
  mediaType: StorableMediaType;
}

/** A team id or media type the store refuses (a caller's mistake: check with the helpers below). */
export class StorageInputError extends Error {}

/**
 * The store could not write an object (unreachable, overloaded, a full disk, or refusing): the
 * driver's error is the cause. Run steps try again when the cause is transient (see
 * `transientFailure`); a tool that cannot store its output fails its reply.
 */
export class StorageWriteError extends Error {
  constructor(cause: unknown) {
    super(`Could not store the object: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageWriteError';
  }
}

/** `image/PNG; foo=bar` reads as `image/png`. */
function normalizeMediaType(mediaType: string): string {
  return mediaType.split(';')[0].trim().toLowerCase();
}

function isKnownMediaType(value: string): value is StorableMediaType {
  return Object.hasOwn(EXTENSIONS, value);
}

/** Whether {@link StorageService.put} accepts this media type in this folder. */
export function isStorableMediaType(folder: StorageFolder, mediaType: string): boolean {
  const normalized = normalizeMediaType(mediaType);
  return MEDIA_TYPES_BY_FOLDER[folder].some((allowed) => allowed === normalized);
}

/** The parts of a well-formed key, or null for anything else (including traversal attempts). */
export function parseStorageKey(key: string): StorageKey | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [, folder, teamId, extension] = match;
  const mediaType = MEDIA_TYPES_BY_EXTENSION.get(extension);
  if (mediaType === undefined || !isKnownMediaType(mediaType)) return null;
  return { folder: folder === 'images' ? 'images' : 'files', teamId, mediaType };
}

function newKey(teamId: string, folder: StorageFolder, mediaType: string): { key: string; mediaType: StorableMediaType } {
  if (!UUID.test(teamId)) throw new StorageInputError('Storage keys need a team id that is a UUID');
  const normalized = normalizeMediaType(mediaType);
  if (!isKnownMediaType(normalized) || !isStorableMediaType(folder, normalized)) {
    throw new StorageInputError(`Media type ${normalized} cannot be stored in ${folder}/`);
  }
  const id = randomBytes(16).toString('base64url');
  return { key: `${folder}/${teamId.toLowerCase()}/${id}.${EXTENSIONS[normalized]}`, mediaType: normalized };
}

/**
 * Object storage: one contract, two drivers (MinIO/S3 when `S3_ENDPOINT` is set, else local disk
 * under `DATA_DIR`, served by the app). Inject this class; StorageModule binds the driver.
 *
 * Keys are `<folder>/<teamId>/<random>.<ext>`: the folder comes first so that one prefix
 * (`images/*`) carries the public-read policy for every team, and each team's objects still
 * share a prefix within a folder (`images/<teamId>/`). The random part is 128 bits, so a link
 * cannot be guessed, and an object is never rewritten, so links may be cached forever.
 */
export abstract class StorageService {
  /** Base of public links, without a trailing slash. */
  protected abstract readonly publicBaseUrl: string;

  /** Stores a new object and returns its key and link. Throws StorageInputError on bad input, StorageWriteError when the store fails. */
  async put(teamId: string, folder: StorageFolder, data: Uint8Array, mediaType: string): Promise<StoredObject> {
    const created = newKey(teamId, folder, mediaType);
    try {
      await this.writeObject(created.key, data, created.mediaType);
    } catch (error) {
      throw new StorageWriteError(error);
    }
    return { key: created.key, url: this.urlFor(created.key) };
  }

  /** The object's bytes and media type, or null when the key is unknown or malformed. */
  async get(key: string): Promise<StoredFile | null> {
    const parsed = parseStorageKey(key);
    if (!parsed) return null;
    const data = await this.readObject(key);
    return data ? { data, mediaType: parsed.mediaType } : null;
  }

  /** Removes the object; an unknown (or malformed) key is already gone, which is fine. */
  async delete(key: string): Promise<void> {
    if (!parseStorageKey(key)) return;
    await this.removeObject(key);
  }

  /** The link of a key; throws StorageInputError for anything that is not a key. */
  urlFor(key: string): string {
    if (!parseStorageKey(key)) throw new StorageInputError('Not a storage key');
    return `${this.publicBaseUrl}/${key}`;
  }

  /**
   * Resolves while the store can take writes (the health check): the local disk writable with free
   * space, or the S3 bucket reachable. Rejects with the driver's error otherwise.
   */
  abstract probe(): Promise<void>;

  /** The drivers below receive well-formed keys only. */
  protected abstract writeObject(key: string, data: Uint8Array, mediaType: StorableMediaType): Promise<void>;
  protected abstract readObject(key: string): Promise<Buffer | null>;
  protected abstract removeObject(key: string): Promise<void>;
}
