import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { CronTime, validateCronExpression } from 'cron';

/**
 * A cron expression the scheduler can run: 5 fields (minute first) or 6 (seconds first), naming
 * at least one date. Checked with the same library that fires the schedules, so whatever passes here runs.
 */
export function IsCronExpression(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isCronExpression',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && problemWith(value) === undefined,
        defaultMessage: (args: ValidationArguments) =>
          `${args.property} ${typeof args.value === 'string' ? problemWith(args.value) : 'is not a valid cron expression: expected a string'}`,
      },
    });
}

/** What is wrong with the expression, as the end of a sentence about the field; undefined when nothing is. */
function problemWith(expression: string): string | undefined {
  const fields = expression.trim().split(/\s+/).length;
  if (fields < 5 || fields > 6) return `is not a valid cron expression: expected 5 or 6 fields, got ${fields}`;
  const { valid, error } = validateCronExpression(expression);
  if (!valid) return `is not a valid cron expression: ${error?.message ?? 'unparseable'}`;
  return firesAtAll(expression) ? undefined : 'never fires: no date matches it';
}

/**
 * Whether any date matches: '0 9 30 2 *' (30 February) has valid fields and none. The cron package
 * throws when it finds no date in the 8 years it looks ahead, which holds every date that exists
 * (29 February included) whatever the time zone.
 */
function firesAtAll(expression: string): boolean {
  try {
    new CronTime(expression, 'UTC').getNextDateFrom(new Date());
    return true;
  } catch {
    return false;
  }
}
