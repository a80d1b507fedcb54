import { ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import { classToPlain, plainToInstance } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import { freeFormFieldsOf } from './free-form.decorator.js';

type TransformerPackage = NonNullable<ValidationPipeOptions['transformerPackage']>;
type Class = new (...args: never[]) => unknown;

/**
 * The global ValidationPipe for bodies and query DTOs, with two changes:
 * - Without its coercion of single route and query values: with `transform`, it turns
 *   `@Param('id') id: number` into `+value`, so "1e0", "0x1", " 1" and "01.0" all became 1 before
 *   the id's own pipe saw them. Those values reach their own strict pipes (ParseSerialIdPipe,
 *   ParseUUIDPipe) as sent.
 * - Bounded work per body: class-transformer copies every value it is given, a few microseconds
 *   each, and de-duplicates each object's keys in O(n²). It gets only the fields the DTO declares
 *   and transforms: a free-form field (@FreeForm(), e.g. chat messages) is set on the instance as
 *   sent, and a field the DTO does not declare reaches validation as `null`, which refuses it by
 *   name all the same (forbidNonWhitelisted) without a copy of whatever it held.
 */
export class DtoValidationPipe extends ValidationPipe {
  constructor(options: ValidationPipeOptions = {}) {
    super({ transformerPackage: boundedTransformer, ...options });
  }

  protected override transformPrimitive(value: unknown): unknown {
    return value;
  }
}

const boundedTransformer: TransformerPackage = {
  plainToInstance(type, plain, options) {
    if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) return plainToInstance(type, plain, options);
    const declared = declaredFieldsOf(type);
    const freeForm = freeFormFieldsOf(type);
    const transformed: Record<string, unknown> = {};
    const asSent: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(plain)) {
      // Defined, not assigned: a `__proto__` key (refused by UnsafeTextPipe before) stays a key.
      Object.defineProperty(freeForm.has(key) ? asSent : transformed, key, {
        value: freeForm.has(key) || declared.has(key) ? value : null,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return Object.assign(plainToInstance(type, transformed, options) as object, asSent) as never;
  },
  classToPlain,
};

/** The fields a DTO class has validation rules for, and so accepts (whitelist). */
function declaredFieldsOf(type: Class): ReadonlySet<string> {
  let fields = declaredFields.get(type);
  if (!fields) {
    fields = new Set(getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).map((metadata) => metadata.propertyName));
    declaredFields.set(type, fields);
  }
  return fields;
}
const declaredFields = new WeakMap<Class, ReadonlySet<string>>();
