import { BadRequestException, type ValidationError } from '@nestjs/common';

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
    const own = Object.values(error.constraints ?? {}).map((message) => ({
      path,
      // class-validator starts messages with the property name; give the full path instead.
      message: message.startsWith(`${error.property} `) ? `${path}${message.slice(error.property.length)}` : `${path}: ${message}`,
    }));
    return [...own, ...flatten(error.children ?? [], path)];
  });
}
