import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { generateText, Output, zodSchema } from 'ai';
import { z } from 'zod';
import { cutText } from '../common/cut-text.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import { ModelRegistry } from '../llm/model-registry.service.js';
import { CONVERSATION_TITLE_OUTPUT } from '../llm/offline/offline-language-model.js';
import type { TeamContext } from '../teams/auth/team-context.js';

const titleSchema = zodSchema(z.object({ title: z.string().describe('At most six words, no quotes, no final period') }));

const INSTRUCTIONS =
  "Write a short title (two to six words) for a conversation that starts with the user's message below. " +
  'Name its subject, as a chat sidebar would ("Bakery opening Instagram post"), not its first words.';

/** The first message a title is written from, cut to this many characters: its subject is near its start. */
const FIRST_MESSAGE_MAX_LENGTH = 2000;

/**
 * Writes a new conversation's title once its first reply is stored: the model names its subject
 * (the offline model summarises the first message). Off the reply's path: the reply has ended, and
 * a failed title leaves the one cut from the first message. A rename made meanwhile is kept, and a
 * conversation deleted meanwhile gets nothing.
 *
 * Each write under way is kept until it ends, so shutting down waits for it (its model call lands
 * in the ledger, whose last flush follows) and a reader can wait for a conversation's title to
 * stand (`settled`) rather than race it.
 */
@Injectable()
export class ConversationTitles implements OnModuleDestroy {
  private readonly logger = new Logger(ConversationTitles.name);
  /** The writes under way, by conversation. */
  private readonly pending = new Map<string, Set<Promise<void>>>();

  constructor(
    private readonly conversations: ConversationsService,
    private readonly models: ModelRegistry,
  ) {}

  /** Starts writing the title; never fails (a failure is logged). */
  start(team: TeamContext, conversationId: string, modelId: string | null, firstMessage: string): void {
    const writes = this.pending.get(conversationId) ?? new Set();
    this.pending.set(conversationId, writes);
    const writing = this.write(team, conversationId, modelId, firstMessage).finally(() => {
      writes.delete(writing);
      if (!writes.size) this.pending.delete(conversationId);
    });
    writes.add(writing);
  }

  /** Resolves once no title write is under way for the conversation (for every one when none is given). */
  async settled(conversationId?: string): Promise<void> {
    const writes = conversationId ? [...(this.pending.get(conversationId) ?? [])] : [...this.pending.values()].flatMap((set) => [...set]);
    await Promise.all(writes);
  }

  /** Before the ledger's last flush (beforeApplicationShutdown) and the database's close. */
  async onModuleDestroy(): Promise<void> {
    if (!this.pending.size) return;
    this.logger.log(`Waiting for ${this.pending.size} conversation title(s) to be written before shutting down`);
    await this.settled();
  }

  private async write(team: TeamContext, conversationId: string, modelId: string | null, firstMessage: string): Promise<void> {
    try {
      if (!(await this.conversations.needsTitle(conversationId))) return;
      const model = this.models.resolve(modelId, { teamId: team.teamId, userId: team.userId, conversationId, kind: 'title' });
      const { output } = await generateText({
        model: model.model,
        instructions: INSTRUCTIONS,
        prompt: cutText(firstMessage, FIRST_MESSAGE_MAX_LENGTH) || '(empty message)',
        output: Output.object({ schema: titleSchema, name: CONVERSATION_TITLE_OUTPUT }),
      });
      // Models like to quote a title and end it with a period.
      const title = output.title.trim().replace(/^["'“]+|["'”.]+$/g, '');
      if (title.trim()) await this.conversations.setGeneratedTitle(conversationId, title);
    } catch (error) {
      this.logger.warn(`Could not write a title for conversation ${conversationId}; it keeps the one cut from its first message: ${String(error)}`);
    }
  }
}
