import { BadRequestException, type ValidationError } from '@nestjs/common';

/** class-validator's names of the rules that check what kind of value a field holds. */
const TYPE_RULES = new Set(['isInt', 'isNumber', 'isString', 'isBoolean', 'isArray', 'isObject', 'isUuid', 'isIso8601', 'isDateString', 'isEnum', 'isIn']);
/** ... and of the rules that a field is there at all. */
const PRESENCE_RULES = new Set(['isDefined', 'isNotEmpty']);

/** The body of a validation 400 before the error filter writes it: the messages, and the first field at fault. */
interface ValidationFailure {
  message: string[];
  /** The path of the first failed field (`stream_options.include_usage`); OpenAI clients read it as `param`. */
  field: string;
}

/** A 400 whose `message` lists every failed rule, with nested paths (`messages.0.role`). */
export function validationExceptionFactory(errors: ValidationError[]): BadRequestException {
  const failures = flatten(errors);
  const failure: ValidationFailure = { message: failures.map(({ message }) => message), field: failures[0]?.path ?? '' };
  return new BadRequestException(failure);
}

function flatten(errors: ValidationError[], parent = ''): { path: string; message: string }[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = relevantMessages(error.constraints ?? {}).map((message) => ({
      path,
      // class-validator starts messages with the property name; give the full path instead.
      message: message.startsWith(`${error.property} `) ? `${path}${message.slice(error.property.length)}` : `${path}: ${message}`,
    }));
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/**
 * When a field holds the wrong kind of value (or none), its other rules (ranges, lengths, formats)
 * say nothing useful: `limit=abc` is "not a whole number", not also "less than 1"; a missing token
 * "must be a string" and "should not be empty", not also "shorter than 2000 characters".
 */
function relevantMessages(constraints: Record<string, string>): string[] {
  const failed = Object.entries(constraints);
  const wrongKind = failed.some(([rule]) => TYPE_RULES.has(rule));
  return failed.filter(([rule]) => !wrongKind || TYPE_RULES.has(rule) || PRESENCE_RULES.has(rule)).map(([, message]) => message);
}
