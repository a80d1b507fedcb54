import { Injectable, Logger } from '@nestjs/common';
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
 * a failed title leaves the one cut from the first message. A rename made meanwhile is kept.
 */
@Injectable()
export class ConversationTitles {
  private readonly logger = new Logger(ConversationTitles.name);

  constructor(
    private readonly conversations: ConversationsService,
    private readonly models: ModelRegistry,
  ) {}

  async write(team: TeamContext, conversationId: string, modelId: string | null, firstMessage: string): Promise<void> {
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
