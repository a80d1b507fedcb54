import type { INestApplication } from '@nestjs/common';
import { ConversationsService } from '../../../src/conversations/conversations.service.js';
import { chat } from '../../helpers/chat.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const QUESTION = 'Please walk me through everything you can do for a small marketing team';

/** Sends the question and returns the reply's text chunks, the text rebuilt and the text stored. */
async function reply(app: INestApplication) {
  const user = await signUp(app);
  const { chunks, message, conversationId } = await chat(app, user, { messages: [userMessage(QUESTION)] });
  const stored = (await app.get(ConversationsService).messagesOf(conversationId)).find((entry) => entry.role === 'assistant');
  return { deltas: chunks.filter((chunk) => chunk.type === 'text-delta'), text: textOfMessage(message), stored: stored && textOfMessage(stored) };
}

describe('stream pacing (STREAM_FLUSHES_PER_SECOND)', () => {
  // The model streams a word every 10 ms, so a reply takes at least 0.6 s.
  const env = { OFFLINE_MODEL_CHUNK_DELAY_MS: '10', RATE_LIMIT_FREE: '1000' };
  let paced: INestApplication;
  let unpaced: INestApplication;

  beforeAll(async () => {
    // A budget of 5 flushes/s: a lone reply flushes at most every 200 ms.
    paced = await createTestApp({ env: { ...env, STREAM_FLUSHES_PER_SECOND: '5' } });
    unpaced = await createTestApp({ env: { ...env, STREAM_FLUSHES_PER_SECOND: '0' } });
    await resetDatabase(paced);
  });
  afterAll(async () => {
    await paced.close();
    await unpaced.close();
  });

  it('streams the words that arrive between two flushes as one chunk, and the reply is unchanged', async () => {
    const wordByWord = await reply(unpaced);
    const words = wordByWord.text.match(/\S+\s*/g) ?? [];
    expect(words.length).toBeGreaterThan(40);
    expect(wordByWord.deltas).toHaveLength(words.length);

    const grouped = await reply(paced);
    expect(grouped.text).toBe(wordByWord.text);
    expect(grouped.stored).toBe(grouped.text);
    // Still a stream (0.6 s at one flush per 200 ms), in far fewer pieces than words.
    expect(grouped.deltas.length).toBeGreaterThanOrEqual(2);
    expect(grouped.deltas.length).toBeLessThan(words.length / 3);
  });

  it('rejects a budget that is not a whole number of flushes', async () => {
    await expect(createTestApp({ env: { STREAM_FLUSHES_PER_SECOND: '-1' } })).rejects.toThrow(/STREAM_FLUSHES_PER_SECOND/);
    await expect(createTestApp({ env: { STREAM_FLUSHES_PER_SECOND: 'fast' } })).rejects.toThrow(/STREAM_FLUSHES_PER_SECOND/);
  });
});
