import type { INestApplication } from '@nestjs/common';
import { SUGGESTED_PROMPTS } from '../../../dashboard/src/chat/suggested-prompts.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const CASES = Object.entries(SUGGESTED_PROMPTS).flatMap(([agentId, prompts]) => prompts.map((prompt) => [agentId, prompt.text, prompt.makes] as const));

/** The prompts an empty chat suggests (#35 item 5) each make what they promise, on the offline model. */
describe('suggested prompts through the API (offline model)', () => {
  let app: INestApplication;
  let user: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(() => app.close());

  it.each(CASES)('%s: "%s" makes a %s, with the agent picked and with the router choosing', async (agentId, text, makes) => {
    for (const choice of [{ agentId }, {}]) {
      const reply = await chat(app, user, { messages: [userMessage(text)], ...choice });
      expect(reply.message.metadata).toMatchObject({ agentId, modelId: 'offline' });
      const assets = (await api(app, user).get(`/api/assets?conversationId=${reply.conversationId}`).expect(200)).body as { type: string }[];
      expect(assets.map((asset) => asset.type)).toEqual([makes]);
    }
  });
});
