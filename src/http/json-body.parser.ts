import { json, type RequestHandler } from 'express';

/** The deepest nesting of arrays and objects a JSON body may have; real requests stay far below it. */
export const MAX_JSON_DEPTH = 32;

/**
 * The most members one JSON object of a body may have. The widest object a real request sends is
 * OpenAI's `logit_bias` on /v1 (a few hundred token ids at most); every DTO, UIMessage part and
 * metadata object has a few dozen. class-transformer de-duplicates an object's keys with an
 * O(n²) `indexOf` filter, so one object of 100,000 keys held the event loop for 8.5 s; at 1,024 it
 * is about half a million comparisons (well under a millisecond).
 */
export const MAX_JSON_OBJECT_MEMBERS = 1_024;

/**
 * The most values (object members and array elements, at every depth) a JSON body may hold. The
 * largest real body is a chat router request of 1,000 UIMessages (the DTO's cap) with their
 * parts: about 25 values a message, 60 for one rich in tool parts, so at most some 60,000. Every
 * layer after the parse walks each value (the text check, validation, the service's own checks),
 * at a few microseconds each; 5 MB of `[0,0,...]` is 2.5 million of them.
 */
export const MAX_JSON_VALUES = 100_000;

const NOT_UTF8 = 'JSON bodies must be UTF-8';

/** JSON, and SCIM's own name for it (RFC 7644 §3.1), which identity providers send. */
export const JSON_TYPES = ['application/json', 'application/scim+json'];

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
 * than MAX_JSON_DEPTH, objects wider than MAX_JSON_OBJECT_MEMBERS and more than MAX_JSON_VALUES
 * values in all (400) before JSON.parse builds anything. Deep nesting costs a sender 2 bytes a
 * level but recursion in every layer after the parse (transformation, validation), and a wide
 * object a few bytes a key but quadratic work in class-transformer, so both are refused in one
 * linear pass.
 */
export function jsonBodyParser({ limit, largeLimit, largeRoutes }: JsonBodyLimits): RequestHandler {
  const parsers = {
    default: json({ limit, type: JSON_TYPES, verify: refuseOversizedShape }),
    large: json({ limit: largeLimit, type: JSON_TYPES, verify: refuseOversizedShape }),
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
function refuseOversizedShape(_request: unknown, _response: unknown, body: Buffer, encoding: string): void {
  // RFC 8259 §8.1: JSON between systems is UTF-8, the only encoding the byte scan below reads exactly.
  if (encoding !== 'utf-8') throw Object.assign(new Error(NOT_UTF8), { status: 415, type: 'charset.unsupported' });
  const problem = shapeProblemOf(body);
  if (problem) throw Object.assign(new Error(problem), { status: 400, type: 'entity.too.large.shape' });
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
const COMMA = 0x2c;

export interface JsonShapeBounds {
  depth: number;
  objectMembers: number;
  values: number;
}

const BOUNDS: JsonShapeBounds = { depth: MAX_JSON_DEPTH, objectMembers: MAX_JSON_OBJECT_MEMBERS, values: MAX_JSON_VALUES };

/**
 * What makes UTF-8 JSON text too big a shape to parse, in one pass that stops at the first bound
 * passed: nesting deeper than `depth`, an object of more than `objectMembers` members, more than
 * `values` values in all. Undefined when none. Members are counted by their separating commas
 * (so a duplicate key counts, though JSON.parse keeps one). Brackets and commas inside strings
 * are skipped (in UTF-8 no byte of a multi-byte character is ASCII, so a byte that looks like a
 * quote, bracket or comma is one).
 */
export function shapeProblemOf(text: Uint8Array, bounds: JsonShapeBounds = BOUNDS): string | undefined {
  // Per open container: whether it is an object, and the commas seen in it so far.
  const isObject = new Uint8Array(bounds.depth + 1);
  const commas = new Uint32Array(bounds.depth + 1);
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === COMMA) {
      // A comma separates two values of the container it is in: one more beyond the first.
      if (++values > bounds.values) return `Request body has more than ${bounds.values} values`;
      if (depth > 0 && isObject[depth] === 1 && ++commas[depth] >= bounds.objectMembers) {
        return `Request body has an object with more than ${bounds.objectMembers} members`;
      }
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > bounds.depth) return 'Request body nested too deeply';
      isObject[depth] = byte === OPEN_OBJECT ? 1 : 0;
      commas[depth] = 0;
      // Counted in place of its first value (so the count is every member and element, plus empty containers).
      if (++values > bounds.values) return `Request body has more than ${bounds.values} values`;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return undefined;
}

/** Whether UTF-8 JSON text nests arrays and objects deeper than `max` (the depth bound of shapeProblemOf alone). */
export function nestsDeeperThan(text: Uint8Array, max: number): boolean {
  return shapeProblemOf(text, { depth: max, objectMembers: Infinity, values: Infinity }) === 'Request body nested too deeply';
}
