import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { CONVERSATION_REFERENCE, CONVERSATION_REFERENCE_RULE } from './conversations.service.js';

/** A path parameter naming a conversation by its id or by the chat id a client made for it. */
export class ParseConversationReferencePipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!CONVERSATION_REFERENCE.test(value)) throw new BadRequestException(`The conversation must be named by its id or a chat id (${CONVERSATION_REFERENCE_RULE})`);
    return value;
  }
}
