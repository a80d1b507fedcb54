import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { nextSlot, parseSchedule, type Schedule } from './schedule-slot.js';

/**
 * A cron expression the scheduler can run: 5 fields (minute first) or 6 (seconds first), naming
 * at least one date; the day fields may be the Quartz `L`, `D#n` and `DL` the scheduler reads itself.
 * Checked with the same code that fires the schedules, so whatever passes here runs.
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
  let schedule;
  try {
    schedule = parseSchedule(expression, 'UTC');
  } catch (error) {
    return `is not a valid cron expression: ${error instanceof Error && error.message ? error.message : 'unparseable'}`;
  }
  return firesAtAll(schedule) ? undefined : 'never fires: no date matches it';
}

/**
 * Whether any date matches: '0 9 30 2 *' (30 February) has valid fields and none. The cron package
 * throws when it finds no date in the 8 years it looks ahead, which holds every date that exists
 * (29 February included) whatever the time zone.
 */
function firesAtAll(schedule: Schedule): boolean {
  try {
    nextSlot(schedule, new Date());
    return true;
  } catch {
    return false;
  }
}
