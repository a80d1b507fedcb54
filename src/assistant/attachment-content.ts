/**
 * The files a chat message may carry, and how their bytes are read. Pure functions: the router's
 * checks (ChatFilesService) and the tools share them.
 */

/** What the tools and models can read; anything else is refused before it is stored. */
const ATTACHMENT_MEDIA_TYPES = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'text/plain': 'plain text',
  'text/markdown': 'Markdown',
  'text/csv': 'CSV',
} as const;

export type AttachmentMediaType = keyof typeof ATTACHMENT_MEDIA_TYPES;

const TEXT_MEDIA_TYPES: ReadonlySet<string> = new Set<AttachmentMediaType>(['text/plain', 'text/markdown', 'text/csv']);

/** "PDF, PNG, ..., Markdown or CSV": the allow-list as a sentence, for error messages. */
export const ATTACHMENT_TYPES_SENTENCE = (() => {
  const names = Object.values(ATTACHMENT_MEDIA_TYPES);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
})();

/** `Text/Plain; charset=utf-8` reads as `text/plain`. */
export function normalizeMediaType(mediaType: string): string {
  return mediaType.split(';')[0].trim().toLowerCase();
}

export function isAttachmentMediaType(mediaType: string): mediaType is AttachmentMediaType {
  return Object.hasOwn(ATTACHMENT_MEDIA_TYPES, mediaType);
}

/** Plain text, Markdown and CSV: read as text by the tools and shown to models as text. */
export function isTextMediaType(mediaType: string): boolean {
  return TEXT_MEDIA_TYPES.has(normalizeMediaType(mediaType));
}

// Strict base64 (padding optional), so that what is checked is exactly what is decoded.
const BASE64_DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*);base64,([A-Za-z0-9+/]*={0,2})$/;

/** The media type and bytes of a base64 data URL; null for anything else. */
export function parseDataUrl(url: string): { mediaType: string; data: Buffer } | null {
  const match = BASE64_DATA_URL.exec(url);
  if (!match || match[3].length % 4 === 1) return null;
  return { mediaType: normalizeMediaType(match[1]), data: Buffer.from(match[3], 'base64') };
}

const startsWith = (data: Uint8Array, ...bytes: number[]) => bytes.every((byte, i) => data[i] === byte);
const ascii = (data: Uint8Array, from: number, text: string) => Buffer.from(data.subarray(from, from + text.length)).toString('latin1') === text;

/** Each binary type by its file signature: a file is what it says it is, or it is refused. */
const SIGNATURES: Record<Exclude<AttachmentMediaType, 'text/plain' | 'text/markdown' | 'text/csv'>, (data: Uint8Array) => boolean> = {
  // A PDF header may follow a little junk; readers look for it in the first 1024 bytes.
  'application/pdf': (data) => Buffer.from(data.subarray(0, 1024)).includes('%PDF-'),
  'image/png': (data) => startsWith(data, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  'image/jpeg': (data) => startsWith(data, 0xff, 0xd8, 0xff),
  'image/webp': (data) => ascii(data, 0, 'RIFF') && ascii(data, 8, 'WEBP'),
  'image/gif': (data) => ascii(data, 0, 'GIF87a') || ascii(data, 0, 'GIF89a'),
};

/**
 * Why the bytes are not a file of the media type (a user-facing reason), or null when they are.
 * Text must be UTF-8 without NUL bytes: it reaches PostgreSQL as text (the tools' assets).
 */
export function contentProblem(mediaType: AttachmentMediaType, data: Uint8Array): string | null {
  if (data.length === 0) return 'the file is empty';
  if (TEXT_MEDIA_TYPES.has(mediaType)) {
    const text = utf8(data);
    if (text === null) return 'the content is not UTF-8 text';
    return text.includes('\u0000') ? 'the text holds a NUL byte' : null;
  }
  return SIGNATURES[mediaType as keyof typeof SIGNATURES](data) ? null : `the content is not a ${ATTACHMENT_MEDIA_TYPES[mediaType]} file`;
}

// A byte order mark is dropped, as every text editor does.
const decoder = new TextDecoder('utf-8', { fatal: true });

function utf8(data: Uint8Array): string | null {
  try {
    return decoder.decode(data);
  } catch {
    return null;
  }
}

/**
 * The text of a text attachment as the tools read it: CSV rows become lines of tab-separated
 * cells (quotes removed), so a receipt or table reads like one pasted from a spreadsheet.
 */
export function attachmentText(mediaType: string, data: Uint8Array): string {
  const text = decodeText(data);
  return normalizeMediaType(mediaType) === 'text/csv' ? csvToLines(text) : text;
}

/** UTF-8 text (checked when the file was accepted; anything else reads with replacement characters). */
export function decodeText(data: Uint8Array): string {
  return utf8(data) ?? Buffer.from(data).toString('utf8');
}

function csvToLines(csv: string): string {
  return csv
    .split(/\r?\n/)
    .map((row) => {
      const cells = [...row.matchAll(/\s*(?:"((?:[^"]|"")*)"|([^,]*))\s*(?:,|$)/g)].map((cell) => cell[1]?.replace(/""/g, '"') ?? cell[2] ?? '');
      // The pattern also matches the empty string at the end of the row.
      return cells.slice(0, -1).join('\t').trim();
    })
    .join('\n');
}
