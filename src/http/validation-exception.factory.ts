import { BadRequestException, type ValidationError } from '@nestjs/common';

/**
 * class-validator's names of the rules that check what kind of value a field holds. When one of
 * them fails for a value that was sent, the field's other rules (ranges, lengths) say nothing
 * useful: `limit=abc` is "not a whole number", not also "less than 1". A missing field keeps every
 * message ("must be a string", "must not be blank").
 */
const TYPE_RULES = new Set(['isInt', 'isNumber', 'isString', 'isBoolean', 'isArray', 'isObject', 'isUuid', 'isIso8601', 'isDateString', 'isEnum', 'isIn']);

/** A 400 whose `message` lists every failed rule, with nested paths (`messages.0.role`). */
export function validationExceptionFactory(errors: ValidationError[]): BadRequestException {
  return new BadRequestException(flatten(errors));
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = relevantMessages(error).map((message) =>
      // class-validator starts messages with the property name; give the full path instead.
      message.startsWith(`${error.property} `) ? `${path}${message.slice(error.property.length)}` : `${path}: ${message}`,
    );
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

function relevantMessages(error: ValidationError): string[] {
  const failed = Object.entries(error.constraints ?? {});
  const typeFailures = error.value === undefined || error.value === null ? [] : failed.filter(([rule]) => TYPE_RULES.has(rule));
  return (typeFailures.length > 0 ? typeFailures : failed).map(([, message]) => message);
}
