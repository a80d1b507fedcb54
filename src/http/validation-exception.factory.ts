import { BadRequestException, type ValidationError } from '@nestjs/common';

/** A 400 whose `message` lists every failed rule, with nested paths (`messages.0.role`). */
export function validationExceptionFactory(errors: ValidationError[]): BadRequestException {
  return new BadRequestException(flatten(errors));
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) =>
      // class-validator starts messages with the property name; give the full path instead.
      message.startsWith(`${error.property} `) ? `${path}${message.slice(error.property.length)}` : `${path}: ${message}`,
    );
    return [...own, ...flatten(error.children ?? [], path)];
  });
}
