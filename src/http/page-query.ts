import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { INT4_MAX } from './int4.js';
import { toInteger } from './query-integer.js';

/** A listing's `limit` query field: a whole number from 1; values above `max` read as `max`. */
export function PageLimit(max: number, byDefault: number): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: max, default: byDefault, description: `values above ${max} read as ${max}` }),
    IsOptional(),
    Transform((params) => {
      const value = toInteger(params);
      return typeof value === 'number' ? Math.min(value, max) : value;
    }),
    IsInt({ message: 'limit must be a whole number' }),
    Min(1),
  );
}

/** A listing's `offset` query field: how many of the listing's order to skip. */
export function PageOffset(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: INT4_MAX, default: 0 }),
    IsOptional(),
    Transform(toInteger),
    IsInt({ message: 'offset must be a whole number' }),
    Min(0),
    Max(INT4_MAX),
  );
}
