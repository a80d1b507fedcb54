import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

/** A UTF-16 surrogate without its other half: no character at all. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Field names that address an object's prototype: class-transformer drops them silently (so
 * validation never reports them as unknown), and code that copies a body could pollute prototypes.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

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
    if (problems.length > 0) throw new BadRequestException(problems);
    return value;
  }
}

/** What is wrong with the text in `value`, found at `path` (`steps.1.description`); [] when nothing. */
export function unsafeTextIn(value: unknown, path: string): string[] {
  if (typeof value === 'string') return problemsOf(value, path || 'value');
  if (Array.isArray(value)) return value.flatMap((item, index) => unsafeTextIn(item, join(path, String(index))));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(PROTOTYPE_KEYS.has(key) ? [`${join(path, key)} is not an accepted field name`] : []),
    ...problemsOf(key, `a field name in ${path || 'the request'}`),
    ...unsafeTextIn(item, join(path, key)),
  ]);
}

function problemsOf(text: string, what: string): string[] {
  const problems: string[] = [];
  if (text.includes('\u0000')) problems.push(`${what} must not contain NUL characters`);
  if (UNPAIRED_SURROGATE.test(text)) problems.push(`${what} must not contain unpaired UTF-16 surrogates`);
  return problems;
}

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}
