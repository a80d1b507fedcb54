import { ValidationPipe } from '@nestjs/common';

/**
 * The global ValidationPipe for bodies and query DTOs, without its coercion of single route and
 * query values: with `transform`, it turns `@Param('id') id: number` into `+value`, so "1e0", "0x1",
 * " 1" and "01.0" all became 1 before the id's own pipe saw them. Those values reach their own strict
 * pipes (ParseSerialIdPipe, ParseUUIDPipe) as sent.
 */
export class DtoValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown): unknown {
    return value;
  }
}
