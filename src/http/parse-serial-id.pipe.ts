import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { INT4_MAX } from './int4.js';

/** The id of a serial column (assets, runs) written as text: a positive integer in plain digits that fits PostgreSQL's int4; else undefined. */
export function serialIdOf(text: string): number | undefined {
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  return id >= 1 && id <= INT4_MAX ? id : undefined;
}

/** A path id of a serial column (see serialIdOf). */
@Injectable()
export class ParseSerialIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = serialIdOf(value);
    if (id === undefined) throw new BadRequestException('id must be a positive whole number');
    return id;
  }
}
