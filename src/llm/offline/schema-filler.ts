import type { JSONSchema7, JSONSchema7Definition } from '@ai-sdk/provider';
import { readRequest, type RequestReading } from './clause-reading.js';

/** Spellings users write for enum values the tools use. */
const SYNONYMS: Record<string, RegExp> = {
  x: /\b(x|twitter|tweet)\b/i,
  linkedin: /\blinked\s?in\b/i,
  youtube: /\byou\s?tube\b/i,
  youtube_shorts: /\b(youtube\s+)?shorts\b/i,
  short: /\b(?:short(?:er)?|brief(?:er)?|shorten|tighter|concise)\b/i,
  upbeat: /\b(?:upbeat|cheerful|energetic|excited|enthusiastic|lively|peppy|positive)\b/i,
};

/** Nouns that count versions of the output itself ("two tweet variations", "a couple of captions"); other counted nouns are its points. */
const VERSION_NOUNS = new Set(['post', 'tweet', 'caption', 'variation', 'version', 'option', 'draft', 'alternative', 'take', 'update', 'announcement']);
/** Ruled-out words (lemmas) by the value of a `leaveOut` field they name. */
const LEAVE_OUT_WORDS: Record<string, string> = { hashtag: 'hashtags', hashtags: 'hashtags', tag: 'hashtags', tags: 'hashtags', emoji: 'emojis', emojis: 'emojis', emoticon: 'emojis', call: 'call_to_action', cta: 'call_to_action' };
/** Words that direct the output's form, not its content: what is left out, and where it goes. */
const FORM_WORDS: ReadonlySet<string> = new Set([...Object.keys(LEAVE_OUT_WORDS), 'linkedin', 'instagram', 'x', 'twitter', 'facebook', 'tiktok', 'threads', 'youtube']);

/** Fields that take the material a request brings (a pasted contract or receipt), not the request itself. */
const MATERIAL_FIELDS = new Set(['document', 'text']);
/**
 * A first line that asks for something ("Here is my receipt, please summarise it", "Can you review
 * this NDA?") rather than being the document's own first line ("Corner Cafe", "SERVICES AGREEMENT").
 */
const REQUEST_LINE =
  /\b(?:please|pls|can\s+you|could\s+you|would\s+you|here(?:'s|’s|\s+is|\s+are)|i\s+(?:need|want|got|have|paid|signed)|review|check|analy[sz]e|summari[sz]e|extract|read|look\s+(?:at|over)|go\s+through|scan|parse|process|flag|log|itemi[sz]e|what|is\s+(?:this|there|it)|are\s+there|any|my|attached|below|following)\b|[?:]\s*$/i;
/** "60-second", "90 seconds", "2 minutes", "1.5 min", "1:30": a duration the request states, in seconds. */
// Units are spelled out: "90s" is as often a decade as a length.
// `\s*(?:-\s*)?`, not `\s*-?\s*`: two adjacent `\s*` split a run of spaces every way, quadratic in its length.
const DURATION = /\b(\d{1,3}(?:[.,]\d)?)\s*(?:-\s*)?(seconds?|secs?|minutes?|mins?)\b|\b(\d{1,2}):([0-5]\d)\b/i;

/**
 * Builds arguments that satisfy a JSON schema from a plain request, the way the offline model
 * fills tool inputs: free-text fields get the request itself (material fields only what follows
 * a request line), enums take the value the request mentions (else their default), a duration in
 * seconds takes the one the request states, and other optional fields are left out unless the
 * request names them. Counts and what to leave out are read from `asked` when given (the person's
 * own words, not an earlier step's output that follows them), else from the first line.
 */
export function fillFromSchema(schema: JSONSchema7Definition | undefined, text: string, asked?: string): unknown {
  if (schema === undefined || typeof schema === 'boolean') return text;
  if (schema.enum) return pickEnum(schema, text);
  switch (schema.type) {
    case 'object':
      return fillObject(schema, text, asked);
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return typeof schema.default === 'number' ? schema.default : (schema.minimum ?? 1);
    case 'boolean':
      return typeof schema.default === 'boolean' ? schema.default : false;
    default:
      return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
  }
}

function fillObject(schema: JSONSchema7, written: string, asked: string | undefined): Record<string, unknown> {
  // The request line read for counts and what it rules out: free text keeps only what is asked for,
  // enums are looked for in what the request names, not in what it rules out ("not for LinkedIn, for X").
  const [requestLine = '', ...rest] = written.split('\n');
  const reading = readRequest(requestLine, FORM_WORDS);
  const counted = asked === undefined ? reading : readRequest(asked, FORM_WORDS);
  const ruledOut = [...reading.excluded].some((lemma) => FORM_WORDS.has(lemma));
  const text = ruledOut ? [reading.kept, ...rest].join('\n') : written;
  const named = ruledOut ? [reading.affirmed, ...rest].join('\n') : written;
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {});
  // With no required free-text field, the request has to go into an optional one (a receipt's text).
  const takesTextOptionally = !properties.some(([name, property]) => required.has(name) && isFreeText(property));
  const filled: Record<string, unknown> = {};
  for (const [name, property] of properties) {
    const seconds = isSecondsField(name, property) ? statedSeconds(text, property) : undefined;
    if (seconds !== undefined) {
      filled[name] = seconds;
    } else if (required.has(name) || (takesTextOptionally && isFreeText(property))) {
      filled[name] = fillFromSchema(property, MATERIAL_FIELDS.has(name) && isFreeText(property) ? materialOf(written) : text);
    } else if (typeof property === 'object' && property.enum) {
      const mentioned = mentionedEnumValue(property.enum, named);
      if (mentioned !== undefined) filled[name] = mentioned;
    } else {
      const read = readField(name, property, counted);
      if (read !== undefined) filled[name] = read;
    }
  }
  return filled;
}

/** A count or a list of what to leave out, for the fields named so, from the request's reading. */
function readField(name: string, property: JSONSchema7Definition, reading: RequestReading): unknown {
  if (typeof property !== 'object') return undefined;
  const { count } = reading;
  if ((property.type === 'integer' || property.type === 'number') && count && count.n <= (property.maximum ?? count.n)) {
    if (name === 'versions' && VERSION_NOUNS.has(count.noun)) return count.n;
    if (name === 'points' && !VERSION_NOUNS.has(count.noun)) return count.n;
  }
  const items = property.type === 'array' && typeof property.items === 'object' && !Array.isArray(property.items) ? property.items.enum : undefined;
  if (name === 'leaveOut' && items) {
    const values = [...new Set([...reading.excluded].flatMap((lemma) => (Object.hasOwn(LEAVE_OUT_WORDS, lemma) ? [LEAVE_OUT_WORDS[lemma]] : [])))];
    const allowed = values.filter((value) => items.includes(value));
    return allowed.length > 0 ? allowed : undefined;
  }
  return undefined;
}

/**
 * What follows the request line when the first line asks for something and text follows it;
 * otherwise the whole text (a document pasted on its own, or a request with nothing after it).
 */
export function materialOf(text: string): string {
  const [first = '', ...rest] = text.trim().split('\n');
  const material = rest.join('\n').trim();
  return material && /[\p{L}\p{N}]/u.test(material) && first.length <= 300 && REQUEST_LINE.test(first) ? material : text;
}

function isSecondsField(name: string, schema: JSONSchema7Definition): schema is JSONSchema7 {
  return typeof schema === 'object' && (schema.type === 'integer' || schema.type === 'number') && /seconds$/i.test(name);
}

/** The duration the request states, kept within the field's bounds; undefined when it states none. */
export function statedSeconds(text: string, schema: JSONSchema7): number | undefined {
  const match = DURATION.exec(text);
  if (!match) return undefined;
  const seconds = match[3]
    ? Number(match[3]) * 60 + Number(match[4])
    : Number((match[1] ?? '0').replace(',', '.')) * (/^m/i.test(match[2] ?? '') ? 60 : 1);
  const min = schema.minimum ?? 0;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  return Math.round(Math.min(max, Math.max(min, seconds)));
}

function isFreeText(schema: JSONSchema7Definition): boolean {
  return typeof schema === 'object' && schema.type === 'string' && !schema.enum;
}

function pickEnum(schema: JSONSchema7, text: string): unknown {
  const values = schema.enum ?? [];
  return mentionedEnumValue(values, text) ?? schema.default ?? values[0];
}

function mentionedEnumValue(values: readonly unknown[], text: string): unknown {
  return values.find((value) => {
    if (typeof value !== 'string') return false;
    const synonym = SYNONYMS[value];
    if (synonym) return synonym.test(text);
    return new RegExp(`\\b${value.replace(/[_-]/g, '[ _-]?')}\\b`, 'i').test(text);
  });
}
