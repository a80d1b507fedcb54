import { json, type RequestHandler } from 'express';

/** The deepest nesting of arrays and objects a JSON body may have; real requests stay far below it. */
export const MAX_JSON_DEPTH = 32;

const NOT_UTF8 = 'JSON bodies must be UTF-8';

export interface JsonBodyLimits {
  /** Bytes any route takes. */
  limit: number;
  /** Bytes the `largeRoutes` take. */
  largeLimit: number;
  /** Request paths whose bodies carry attachments. */
  largeRoutes: readonly string[];
}

/**
 * The JSON body parser: each route's size limit (body-parser answers a larger body with 413 and
 * discards it, never buffering past the limit), then a scan of the raw bytes for nesting deeper
 * than MAX_JSON_DEPTH (400) before JSON.parse builds anything. Deep nesting costs a sender 2 bytes
 * a level but recursion in every layer after the parse (transformation, validation), so it is
 * refused in one linear pass.
 */
export function jsonBodyParser({ limit, largeLimit, largeRoutes }: JsonBodyLimits): RequestHandler {
  const parsers = {
    default: json({ limit, verify: refuseDeepNesting }),
    large: json({ limit: largeLimit, verify: refuseDeepNesting }),
  };
  const large = new Set(largeRoutes);
  return (request, response, next) =>
    parsers[large.has(request.path) ? 'large' : 'default'](request, response, (error?: unknown) => {
      // body-parser refuses a charset not named utf-* itself, in its own words ("unsupported charset
      // "UTF8""); the answer is the one UTF-16 gets.
      if (isUnsupportedCharset(error)) error.message = NOT_UTF8;
      next(error);
    });
}

/** body-parser's `verify` hook: it answers an error thrown here with the error's status. */
function refuseDeepNesting(_request: unknown, _response: unknown, body: Buffer, encoding: string): void {
  // RFC 8259 §8.1: JSON between systems is UTF-8, the only encoding the byte scan below reads exactly.
  if (encoding !== 'utf-8') throw Object.assign(new Error(NOT_UTF8), { status: 415, type: 'charset.unsupported' });
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
    throw Object.assign(new Error('Request body nested too deeply'), { status: 400, type: 'entity.too.deep' });
  }
}

function isUnsupportedCharset(error: unknown): error is Error {
  return error instanceof Error && 'type' in error && error.type === 'charset.unsupported';
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether UTF-8 JSON text nests arrays and objects deeper than `max`, in one pass that stops at
 * the first level too deep. Brackets inside strings are skipped (in UTF-8 no byte of a multi-byte
 * character is ASCII, so a byte that looks like a quote or bracket is one).
 */
export function nestsDeeperThan(text: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
