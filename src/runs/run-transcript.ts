import type { UIMessage } from 'ai';
import type { ConversationsService } from '../conversations/conversations.service.js';

/**
 * A run conversation's messages for one execution of the run: read from the database once, at
 * the first step, and from then on kept in step with what the execution saves itself, instead of
 * being read again before every step. (What an earlier, interrupted execution saved is in that
 * first read.)
 */
export class RunTranscript {
  private messages: UIMessage[] | undefined;

  constructor(
    private readonly conversations: ConversationsService,
    readonly conversationId: string,
  ) {}

  /** Stores the message, replacing one of the same id, as the conversation store does. */
  async save(message: UIMessage): Promise<void> {
    await this.conversations.saveMessages(this.conversationId, [message], { replace: true });
    if (!this.messages) return;
    const at = this.messages.findIndex((known) => known.id === message.id);
    this.messages = at === -1 ? [...this.messages, message] : this.messages.with(at, message);
  }

  async all(): Promise<UIMessage[]> {
    this.messages ??= await this.conversations.messagesOf(this.conversationId);
    return this.messages;
  }
}
