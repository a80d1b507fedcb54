import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { chat, textOfMessage, userMessage } from '../../helpers/chat.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

interface StoredAsset {
  type: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
}

/**
 * Writing requests in ordinary wording through the router and the offline model (issue 37 items
 * 1 and 3): the count asked for is honoured, what the request says to leave out is left out, and a
 * follow-up in the same conversation transforms the post it made instead of making an unrelated one.
 */
describe('writing requests read for counts, negation and follow-ups (offline model)', () => {
  let app: INestApplication;
  let user: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(() => app.close());

  async function send(text: string, conversationId?: string) {
    const reply = await chat(app, user, { messages: [userMessage(text)], ...(conversationId ? { conversationId } : {}) });
    const assets = (await api(app, user).get(`/api/assets?conversationId=${reply.conversationId}`).expect(200)).body as StoredAsset[];
    return { reply, assets, text: textOfMessage(reply.message) };
  }

  it('lists as many numbered points as the request counts ("three tips")', async () => {
    const { assets } = await send('Give our followers three tips for staying focused while working from home, as a LinkedIn post');
    expect(assets).toHaveLength(1);
    const numbered = assets[0].content.match(/^\d+\. /gm) ?? [];
    expect(numbered).toEqual(['1. ', '2. ', '3. ']);
  });

  it('writes as many versions as asked ("two tweet variations"), each within X\'s limit', async () => {
    const { assets } = await send('Draft two tweet variations announcing our spring webinar');
    expect(assets).toHaveLength(1);
    const versions = assets[0].content.split(/^\*\*Version \d\*\*$/m).slice(1);
    expect(versions).toHaveLength(2);
    for (const version of versions) expect(version.trim().length).toBeLessThanOrEqual(280);
    expect(assets[0].metadata).toEqual({ platform: 'x' });
  });

  it('reads "a couple of captions" as two', async () => {
    const { assets } = await send('Could you come up with a couple of Instagram captions for our bakery\'s new sourdough?');
    expect(assets[0].content.match(/^\*\*Version \d\*\*$/gm)).toHaveLength(2);
  });

  it('leaves out what the request says not to add: hashtags, emojis, a call to action', async () => {
    const { assets } = await send("Write an Instagram post about our new opening hours, don't add hashtags and no emojis, and without a call to action");
    const [post] = assets;
    expect(post.content).not.toMatch(/#\w/);
    expect(post.content).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(post.content).not.toMatch(/double-tap|save it for later|comments/i);
    expect(post.content).toMatch(/opening hours/i);
  });

  it('takes the platform the request says, not the one it rules out ("not for LinkedIn, for X")', async () => {
    const { assets } = await send('Write a short post about our office move, not for LinkedIn, for X');
    expect(assets[0].metadata).toEqual({ platform: 'x' });
  });

  it('transforms the previous post on a follow-up: shorter, more upbeat, without hashtags, for another platform', async () => {
    const first = await send('Write a LinkedIn post about our new customer portal. Mention the faster invoice downloads. Mention the dark mode. Mention the new search.');
    const conversationId = first.reply.conversationId;
    const [original] = first.assets;
    expect(original.content).toMatch(/#\w/);

    const second = await send('Make it shorter and more upbeat, and drop the hashtags', conversationId);
    expect(second.assets).toHaveLength(2);
    const rewritten = second.assets.find((asset) => asset.content !== original.content)!;
    expect(rewritten.type).toBe('social_post');
    expect(rewritten.content.length).toBeLessThan(original.content.length);
    expect(rewritten.content).not.toMatch(/#\w/);
    expect(rewritten.content).toMatch(/customer portal/i);
    expect(rewritten.content).toMatch(/!/);
    expect(rewritten.content).not.toMatch(/make it shorter|drop the hashtags/i);

    const third = await send('for X instead', conversationId);
    const onX = third.assets.find((asset) => asset.metadata.platform === 'x');
    expect(onX?.content).toMatch(/customer portal/i);
    // The earlier follow-up still holds: no hashtags came back.
    expect(onX?.content).not.toMatch(/#\w/);
  });

  it('says in one sentence that it cannot translate, and makes nothing, when asked for the post in French', async () => {
    const first = await send('Write a LinkedIn post about our summer sale');
    const second = await send('Now in French please', first.reply.conversationId);
    expect(second.assets).toHaveLength(1);
    expect(second.text).toMatch(/French/);
    expect(second.text).toMatch(/cannot translate/i);
    expect(second.text.split(/(?<=[.!?])\s+(?=[A-Z])/)).toHaveLength(1);
  });
});
