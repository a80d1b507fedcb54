import { gzipSync } from 'node:zlib';

/** The parts of an OpenAPI schema the sweep reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  nullable?: boolean;
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

/** A value for a path or query parameter, already percent-encoded. */
export interface HostileParam {
  label: string;
  encoded: string;
  /** Every route must refuse it (4xx): no parameter takes it as it is. */
  refused: boolean;
}

/** A value for a body field, as the JSON text that goes in its place. */
export interface HostileValue {
  label: string;
  json: string;
  /** Refused by any field, whatever its type: text PostgreSQL cannot store, beyond every length cap, nested too deeply. */
  alwaysRefused?: boolean;
}

/** A whole request body that is hostile in itself. */
export interface HostileBody {
  label: string;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  refused: boolean;
}

const LONG = 'x'.repeat(10_000);
const MEGABYTE = 'x'.repeat(1024 * 1024);
/** Deeper than the body parser allows, inside one field. */
const DEEP_VALUE = `${'['.repeat(40)}${']'.repeat(40)}`;

export const HOSTILE_PARAMS: HostileParam[] = [
  { label: 'NUL', encoded: '%00', refused: true },
  { label: 'text with NUL', encoded: 'a%00b', refused: true },
  { label: 'overlong NUL (invalid UTF-8)', encoded: '%C0%80', refused: false },
  { label: 'surrogate as CESU-8 bytes', encoded: '%ED%A0%80', refused: false },
  { label: 'invalid UTF-8', encoded: '%FF%FE', refused: false },
  { label: 'broken percent-encoding', encoded: '%E0%A4%A', refused: false },
  { label: '10,000 characters', encoded: LONG, refused: true },
  { label: 'empty', encoded: '', refused: false },
  { label: '-1', encoded: '-1', refused: false },
  { label: '0', encoded: '0', refused: false },
  { label: '2^31', encoded: '2147483648', refused: false },
  { label: '-2^31-1', encoded: '-2147483649', refused: false },
  { label: '10^20', encoded: '99999999999999999999', refused: false },
  { label: '1e400', encoded: '1e400', refused: false },
  { label: '1.5', encoded: '1.5', refused: false },
  { label: 'NaN', encoded: 'NaN', refused: false },
  { label: 'hex', encoded: '0x10', refused: false },
  { label: 'malformed UUID', encoded: 'not-a-uuid', refused: false },
  { label: 'UUID with a bad digit', encoded: '00000000-0000-0000-0000-00000000000g', refused: false },
  { label: 'nil UUID', encoded: '00000000-0000-0000-0000-000000000000', refused: false },
  { label: 'impossible date', encoded: '2024-13-45T25%3A61%3A61Z', refused: false },
  { label: 'path traversal', encoded: '..%2F..%2Fetc%2Fpasswd', refused: false },
  { label: 'markup', encoded: '%3Cscript%3Ealert(1)%3C%2Fscript%3E', refused: false },
  { label: 'SQL', encoded: "'%20OR%20'1'%3D'1'%20--", refused: false },
];

export const HOSTILE_VALUES: HostileValue[] = [
  { label: 'NUL', json: JSON.stringify('a\u0000b'), alwaysRefused: true },
  { label: 'lone high surrogate', json: JSON.stringify('a\ud800b'), alwaysRefused: true },
  { label: 'lone low surrogate', json: JSON.stringify('\udc00'), alwaysRefused: true },
  { label: '10,000 characters', json: JSON.stringify(LONG), alwaysRefused: true },
  { label: '1 MB string', json: JSON.stringify(MEGABYTE), alwaysRefused: true },
  { label: 'nested 40 levels', json: DEEP_VALUE, alwaysRefused: true },
  { label: 'empty string', json: '""' },
  { label: 'blank', json: '"   "' },
  { label: 'right-to-left override', json: JSON.stringify('\u202egnp.exe') },
  { label: 'emoji', json: JSON.stringify('🚀 launch') },
  { label: 'markup', json: JSON.stringify('<script>alert(1)</script>') },
  { label: 'SQL', json: JSON.stringify("' OR '1'='1' --") },
  { label: 'path traversal', json: JSON.stringify('../../../etc/passwd') },
  { label: 'malformed UUID', json: '"not-a-uuid"' },
  { label: 'UUID with a bad digit', json: '"00000000-0000-0000-0000-00000000000g"' },
  { label: 'impossible date', json: '"2024-13-45T25:61:61Z"' },
  { label: 'number as text', json: '"42"' },
  { label: '-1', json: '-1' },
  { label: '0', json: '0' },
  { label: '1.5', json: '1.5' },
  { label: '2^31', json: '2147483648' },
  { label: '-2^31-1', json: '-2147483649' },
  { label: '2^53+1', json: '9007199254740993' },
  { label: '10^20', json: '99999999999999999999' },
  { label: '1e400', json: '1e400' },
  { label: 'true', json: 'true' },
  { label: 'null', json: 'null' },
  { label: 'empty object', json: '{}' },
  { label: 'nested object', json: '{"a":{"b":{"c":[1,"x",null]}}}' },
  { label: '__proto__ object', json: '{"__proto__":{"polluted":true}}' },
  { label: 'empty array', json: '[]' },
  { label: 'array of strings', json: '["a","b"]' },
];

/**
 * Whether a field must refuse `value` (answer 4xx) by what the document says of it: text that is
 * never stored, a value of the wrong JSON type, an integer out of range, a string outside an enum
 * or not a UUID, null where the field is required.
 */
export function fieldMustRefuse(value: HostileValue, schema: Schema, required: boolean): boolean {
  if (value.alwaysRefused) return true;
  const parsed = JSON.parse(value.json) as unknown;
  // A required field may still take null where null means something (a budget cleared).
  if (parsed === null) return required && schema.nullable !== true;
  switch (schema.type) {
    case 'string':
      return (
        typeof parsed !== 'string' ||
        schema.enum !== undefined ||
        schema.format === 'uuid' ||
        (schema.pattern !== undefined && !new RegExp(schema.pattern).test(parsed))
      );
    case 'integer':
    case 'number':
      return (
        typeof parsed !== 'number' ||
        (schema.type === 'integer' && !Number.isInteger(parsed)) ||
        (schema.minimum !== undefined && parsed < schema.minimum) ||
        (schema.maximum !== undefined && parsed > schema.maximum)
      );
    case 'boolean':
      return typeof parsed !== 'boolean';
    case 'array':
      return !Array.isArray(parsed);
    case 'object':
      return typeof parsed !== 'object' || Array.isArray(parsed);
    default:
      return false;
  }
}

/** `count` JSON members of distinct names, without the braces. */
function wideMembers(count: number): string {
  return Array.from({ length: count }, (_, index) => `"k${index}":0`).join(',');
}

/** Whole bodies: wrong content types and charsets, broken or hostile JSON, sizes past the route's limit. */
export function hostileBodies(baseline: unknown, limitBytes: number): HostileBody[] {
  const json = JSON.stringify(baseline);
  const withExtra = (extra: string) => `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}${extra}}`;
  return [
    { label: 'nested 5,000 levels', contentType: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}`, refused: true },
    { label: 'objects nested 5,000 levels', contentType: 'application/json', body: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, refused: true },
    { label: 'an object of 1,025 members', contentType: 'application/json', body: withExtra(wideMembers(1_024)), refused: true },
    { label: 'a field holding an object of 1,025 members', contentType: 'application/json', body: withExtra(`"wide":{${wideMembers(1_025)}}`), refused: true },
    { label: '1,000 unknown fields', contentType: 'application/json', body: withExtra(wideMembers(1_000)), refused: false },
    { label: 'more than 100,000 values', contentType: 'application/json', body: withExtra(`"many":[${'0,'.repeat(100_000)}0]`), refused: true },
    { label: 'past the size limit', contentType: 'application/json', body: JSON.stringify({ padding: 'x'.repeat(limitBytes) }), refused: true },
    {
      label: 'gzip bomb',
      contentType: 'application/json',
      body: gzipSync(JSON.stringify({ padding: ' '.repeat(limitBytes * 4) })),
      headers: { 'Content-Encoding': 'gzip' },
      refused: true,
    },
    { label: 'unknown content encoding', contentType: 'application/json', body: json, headers: { 'Content-Encoding': 'x-bogus' }, refused: true },
    { label: 'malformed JSON', contentType: 'application/json', body: '{"a":', refused: true },
    { label: 'JSON array', contentType: 'application/json', body: `[${json}]`, refused: true },
    { label: 'JSON string', contentType: 'application/json', body: '"text"', refused: true },
    { label: 'JSON number', contentType: 'application/json', body: '1e400', refused: true },
    { label: 'JSON null', contentType: 'application/json', body: 'null', refused: true },
    { label: '__proto__ key', contentType: 'application/json', body: withExtra('"__proto__":{"polluted":true}'), refused: true },
    { label: 'constructor.prototype key', contentType: 'application/json', body: withExtra('"constructor":{"prototype":{"polluted":true}}'), refused: true },
    { label: 'NUL in a field name', contentType: 'application/json', body: withExtra('"a\\u0000":1'), refused: true },
    { label: 'UTF-16 JSON', contentType: 'application/json; charset=utf-16le', body: Buffer.from(json, 'utf16le'), refused: true },
    { label: 'Latin-1 JSON', contentType: 'application/json; charset=iso-8859-1', body: json, refused: true },
    { label: 'JSON sent as text/plain', contentType: 'text/plain', body: json, refused: true },
    { label: 'HTML form', contentType: 'application/x-www-form-urlencoded', body: 'name=x&email=a%40example.com', refused: false },
    { label: 'multipart form', contentType: 'multipart/form-data; boundary=X', body: '--X\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--X--\r\n', refused: false },
    { label: 'XML', contentType: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>', refused: true },
  ];
}
