import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
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
 * The tools read what users paste the way a careful person would (issue 16), through the router
 * and the offline model: contract risks in their common phrasings, receipts with the merchant,
 * currency and total check, and scripts sized to the length asked for with a stable runtime.
 */
describe('tool quality through the API (offline model)', () => {
  let app: INestApplication;
  let user: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(() => app.close());

  /** Sends one message in a new conversation; returns the one asset its reply saved. */
  async function assetFor(text: string, conversationId?: string): Promise<StoredAsset> {
    const reply = await chat(app, user, { messages: [userMessage(text)], ...(conversationId ? { conversationId } : {}) });
    const assets = (await api(app, user).get(`/api/assets?conversationId=${reply.conversationId}`).expect(200)).body as StoredAsset[];
    expect(assets.length).toBeGreaterThanOrEqual(1);
    return assets[0];
  }

  describe('legal analysis', () => {
    it('flags liability that "shall be unlimited" as a high risk, next to the renewal clause', async () => {
      const asset = await assetFor(`Please review this contract for risks.
SERVICES AGREEMENT
1. Services. The Provider will build a website for the Client.
2. Fees. The Client shall pay the fees within 30 days of each invoice.
3. Liability. The Client's liability under this Agreement shall be unlimited, including for indirect and consequential damages.
4. Term. This Agreement renews for successive one-year periods unless either party gives 60 days' written notice.`);
      expect(asset.type).toBe('legal_analysis');
      expect(asset.metadata).toMatchObject({ riskCount: 2, highRisks: 1 });
      expect(asset.metadata.risks).toEqual([
        { category: 'uncapped_liability', severity: 'high', clause: 'Clause 3 (Liability)' },
        { category: 'automatic_renewal', severity: 'medium', clause: 'Clause 4 (Term)' },
      ]);
      expect(asset.content).toContain('2 risks found (1 high, 1 medium, 0 low).');
      expect(asset.content).toContain("> The Client's liability under this Agreement shall be unlimited");
      // The request line is not part of the document reviewed.
      expect(asset.content).not.toContain('Please review this contract');
    });

    it.each([
      ['non-compete and non-solicitation', 'The Employee shall not engage in any business that competes with the Company for 18 months following termination. The Employee shall not solicit the Company’s customers for 12 months after leaving.', [['non_compete', 'high'], ['non_solicitation', 'medium']]],
      ['termination for convenience by one side', "Buyer may terminate this Agreement for convenience upon 30 days' written notice. Neither party shall be liable for indirect damages.", [['termination_without_cause', 'medium']]],
      ['high late-payment interest', 'Overdue amounts accrue interest of 3% per month. The Agency’s liability is limited to one month’s fees.', [['penalties', 'high']]],
      ['a paid contract with no limitation of liability', 'The Client pays $900 per month, invoiced monthly. This Agreement runs for one year.', [['missing_liability_cap', 'medium']]],
    ])('recognises %s', async (_, clauses, expected) => {
      const asset = await assetFor(`Can you check this agreement?\n${clauses}`);
      const risks = asset.metadata.risks as { category: string; severity: string }[];
      expect(risks.map((risk) => [risk.category, risk.severity])).toEqual(expected);
    });

    it('finds no high risk in a balanced contract', async () => {
      const asset = await assetFor(`Please review this services agreement.
1. Services. Provider will supply bookkeeping services.
2. Fees. Client pays $500 per month by bank transfer.
3. Limitation of Liability. Each party's total liability shall not exceed the fees paid in the previous 12 months. Nothing in this Agreement limits liability for death or personal injury caused by negligence, or for fraud.
4. Termination. Either party may terminate for material breach not remedied within 30 days of notice.
5. Indemnity. Each party shall indemnify the other against third-party claims caused by its breach.`);
      expect(asset.metadata).toMatchObject({ highRisks: 0, risks: [{ category: 'broad_indemnification', severity: 'low' }] });
    });
  });

  describe('receipts', () => {
    it('takes the merchant from the receipt, not from the request above it', async () => {
      const asset = await assetFor('Here is my receipt, please summarise it\nCorner Cafe\nLatte 4.50\nBlueberry muffin 3.25\nTotal 7.75');
      expect(asset.type).toBe('receipt');
      expect(asset.title).toBe('Receipt — Corner Cafe: USD 7.75');
      expect(asset.content).toMatch(/^# Corner Cafe\n/);
      expect(asset.metadata).toEqual({ total: 7.75, currency: 'USD', itemCount: 2 });
      expect(asset.content).toContain('**Currency:** USD (not printed; assumed)');
    });

    it.each([
      ['euro symbol and comma decimals', 'Receipt from lunch:\nTrattoria Roma\nPizza Margherita 9,50 €\nAcqua minerale 2,50 €\nTotale 12,00 €', 'Trattoria Roma', { total: 12, currency: 'EUR', itemCount: 2 }],
      ['whole-yen prices', 'receipt from Tokyo trip\nLawson Shibuya\nOnigiri ¥150\nGreen tea ¥130\nSandwich ¥320\nTotal ¥600', 'Lawson Shibuya', { total: 600, currency: 'JPY', itemCount: 3 }],
      ['an ISO code, tax and tip', 'Expense receipt for the client dinner:\nBistro Lumière\nSteak frites 24.00\nSalade niçoise 16.50\nSubtotal 40.50\nTVA 4.05\nTip 5.00\nTotal EUR 49.55', 'Bistro Lumière', { total: 49.55, currency: 'EUR', itemCount: 2 }],
      ['a discount line', "Here's a receipt from the hardware store\nAce Hardware\nHammer 15.99\nPaint brush 8.99\nDiscount -3.00\nSales tax 1.76\nTotal £23.74", 'Ace Hardware', { total: 23.74, currency: 'GBP', itemCount: 2 }],
    ])('reads %s', async (_, text, merchant, metadata) => {
      const asset = await assetFor(text);
      expect(asset.content.split('\n')[0]).toBe(`# ${merchant}`);
      expect(asset.metadata).toEqual(metadata);
    });

    it('flags a total the items do not add up to in the metadata, keeping the printed total', async () => {
      const asset = await assetFor('Check this receipt please\nQuick Mart\nChips 2.50\nSoda 1.75\nTotal 5.00');
      expect(asset.metadata).toEqual({ total: 5, currency: 'USD', itemCount: 2, totalMismatch: { stated: 5, computed: 4.25 } });
      expect(asset.content).toContain('**Check the total:**');
    });
  });

  describe('scripts', () => {
    const toSeconds = (runtime: unknown): number => {
      const [minutes = 0, seconds = 0] = String(runtime).split(':').map(Number);
      return minutes * 60 + seconds;
    };

    it('estimates a 60-second script at about a minute, the same every time it is asked', async () => {
      const request = 'Write a 60-second video script about our new budgeting app';
      const first = await assetFor(request);
      const again = await assetFor(request);
      const reply = await chat(app, user, { messages: [userMessage('hello')] });
      const inConversation = await assetFor(request, reply.conversationId);
      expect(first.type).toBe('script');
      expect(Math.abs(toSeconds(first.metadata.estimatedRuntime) - 60)).toBeLessThanOrEqual(6);
      for (const asset of [again, inConversation]) {
        expect(asset.metadata).toEqual(first.metadata);
        expect(asset.content).toBe(first.content);
      }
      expect(first.content).toMatch(/spoken words at 150 wpm/);
    });

    it.each([
      ['Write a script for a 2 minute YouTube video about home espresso: beans, grind and milk', 120],
      ['podcast script, 90 seconds, on sleep', 90],
    ])('sizes "%s" to %i seconds', async (request, seconds) => {
      const asset = await assetFor(request);
      expect(Math.abs(toSeconds(asset.metadata.estimatedRuntime) - seconds)).toBeLessThanOrEqual(seconds * 0.1);
    });
  });

  /**
   * Writing requests in ordinary wording (issue 37 items 1 and 3): the count asked for is honoured,
   * what the request says to leave out is left out, and a follow-up in the same conversation
   * transforms the post it made instead of making an unrelated one.
   */
  describe('writing requests read for counts, negation and follow-ups', () => {
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

    it('asked next for another kind of thing ("write the LinkedIn post" after an outline), makes that thing, not the last one again', async () => {
      const first = await send('Outline a LinkedIn post about our product launch');
      expect(first.assets.map((asset) => asset.type)).toEqual(['post_outline']);
      const second = await send('Write the LinkedIn post', first.reply.conversationId);
      expect(second.assets.map((asset) => asset.type).sort()).toEqual(['post_outline', 'social_post']);
    });

    it('does not take "the short version please" after a receipt as a change to redo: a receipt has no form to change', async () => {
      const first = await send('Here is my receipt, please summarise it\nCorner Cafe\nLatte 4.50\nBlueberry muffin 3.25\nTotal 7.75');
      expect(first.assets.map((asset) => asset.type)).toEqual(['receipt']);
      const second = await send('Thanks, the short version please', first.reply.conversationId);
      expect(second.assets).toHaveLength(1);
      expect(second.reply.message.parts.some((part) => part.type.startsWith('tool-'))).toBe(false);
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
});
