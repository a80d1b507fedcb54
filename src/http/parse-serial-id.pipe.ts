import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

const MAX_SERIAL = 2_147_483_647;

/** A path id of a serial column (assets, runs): a positive integer that fits PostgreSQL's int4. */
@Injectable()
export class ParseSerialIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= MAX_SERIAL)) throw new BadRequestException('id must be a positive whole number');
    return id;
  }
}
