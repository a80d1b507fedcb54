import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { chat, userMessage } from '../../helpers/chat.js';
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
});
