import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

/** A UTF-16 surrogate without its other half: no character at all. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Field names that address an object's prototype: class-transformer drops them silently (so
 * validation never reports them as unknown), and code that copies a body could pollute prototypes.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Problems named in one 400; a body of many bad strings is told of the first ones and the count of the others. */
const MAX_LISTED_PROBLEMS = 5;

/**
 * Refuses, with 400 naming each field, text that is not text: a NUL character (PostgreSQL's text
 * types cannot store it, so it would fail as a 500 wherever it reached the database) or an
 * unpaired UTF-16 surrogate (not Unicode; encoders and drivers reject or silently replace it).
 * Field names are text too, and those that address the prototype are refused as well.
 * A global pipe before validation: it sees every body, query string and path parameter of every
 * route, whatever its DTO declares.
 */
@Injectable()
export class UnsafeTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const problems = unsafeTextIn(value, metadata.data ?? '');
    if (problems.length > MAX_LISTED_PROBLEMS) {
      const more = problems.length - MAX_LISTED_PROBLEMS;
      throw new BadRequestException([...problems.slice(0, MAX_LISTED_PROBLEMS), `and ${more} more ${more === 1 ? 'problem' : 'problems'} of the same kind`]);
    }
    if (problems.length > 0) throw new BadRequestException(problems);
    return value;
  }
}

/** What is wrong with the text in `value`, found at `path` (`steps.1.description`); [] when nothing. */
export function unsafeTextIn(value: unknown, path: string): string[] {
  const problems: string[] = [];
  collect(value, path, problems);
  return problems;
}

/** One pass over every value (a body holds up to MAX_JSON_VALUES), into one list: no array per value. */
function collect(value: unknown, path: string, problems: string[]): void {
  if (typeof value === 'string') {
    problemsOf(value, path || 'value', problems);
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) collect(value[index], join(path, String(index)), problems);
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (PROTOTYPE_KEYS.has(key)) problems.push(`${join(path, key)} is not an accepted field name`);
      problemsOf(key, `a field name in ${path || 'the request'}`, problems);
      collect((value as Record<string, unknown>)[key], join(path, key), problems);
    }
  }
}

function problemsOf(text: string, what: string, problems: string[]): void {
  if (!text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text)) return;
  if (text.includes('\u0000')) problems.push(`${what} must not contain NUL characters`);
  if (UNPAIRED_SURROGATE.test(text)) problems.push(`${what} must not contain unpaired UTF-16 surrogates`);
}

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}
