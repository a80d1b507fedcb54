import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { MESSAGE_ID_MAX_LENGTH } from './client-messages.js';

/** A path parameter naming a message by its UIMessage id (1–200 characters, as the router takes them). */
export class ParseMessageIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (value.length === 0 || value.length > MESSAGE_ID_MAX_LENGTH) throw new BadRequestException(`messageId must be 1–${MESSAGE_ID_MAX_LENGTH} characters`);
    return value;
  }
}
