import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { validateCronExpression } from 'cron';

/**
 * A cron expression the scheduler can run: 5 fields (minute first) or 6 (seconds first).
 * Checked with the same library that fires the schedules, so whatever passes here runs.
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
          `${args.property} is not a valid cron expression: ${typeof args.value === 'string' ? problemWith(args.value) : 'expected a string'}`,
      },
    });
}

function problemWith(expression: string): string | undefined {
  const fields = expression.trim().split(/\s+/).length;
  if (fields < 5 || fields > 6) return `expected 5 or 6 fields, got ${fields}`;
  const { valid, error } = validateCronExpression(expression);
  return valid ? undefined : (error?.message ?? 'unparseable');
}
