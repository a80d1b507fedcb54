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

/**
 * Unknown fields named in one 400. A body may have a thousand of them (MAX_JSON_OBJECT_MEMBERS per
 * object); naming each made the answer larger than the request, so the rest are counted.
 */
export const MAX_LISTED_UNKNOWN_FIELDS = 5;

/** class-validator's name of the rule that refuses a field the DTO does not declare (forbidNonWhitelisted). */
const UNKNOWN_FIELD_RULE = 'whitelistValidation';

/**
 * A 400 whose `message` lists every failed rule, with nested paths (`messages.0.role`), and the
 * first MAX_LISTED_UNKNOWN_FIELDS unknown fields with a count of the others.
 */
export function validationExceptionFactory(errors: ValidationError[]): BadRequestException {
  const failures = flatten(errors);
  const unknown = failures.filter((failure) => failure.unknown).length;
  let listedUnknown = 0;
  const message = failures.filter((failure) => !failure.unknown || ++listedUnknown <= MAX_LISTED_UNKNOWN_FIELDS).map((failure) => failure.message);
  if (unknown > MAX_LISTED_UNKNOWN_FIELDS) {
    const more = unknown - MAX_LISTED_UNKNOWN_FIELDS;
    message.push(`and ${more} more ${more === 1 ? 'field' : 'fields'} that should not exist`);
  }
  const failure: ValidationFailure = { message, field: failures[0]?.path ?? '' };
  return new BadRequestException(failure);
}

function flatten(errors: ValidationError[], parent = ''): { path: string; message: string; unknown: boolean }[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const unknown = error.constraints?.[UNKNOWN_FIELD_RULE] !== undefined;
    const own = relevantMessages(error.constraints ?? {}).map((message) => ({
      unknown,
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
