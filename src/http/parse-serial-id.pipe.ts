import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { INT4_MAX } from './int4.js';

/** A path id of a serial column (assets, runs): a positive integer in plain digits that fits PostgreSQL's int4. */
@Injectable()
export class ParseSerialIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= INT4_MAX)) throw new BadRequestException('id must be a positive whole number');
    return id;
  }
}
