import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import type { AssetTool } from '../../../src/assistant/tools/asset-tool.js';
import { renderPromptCard } from '../../../src/assistant/tools/generate-image.tool.js';
import { ASSET_TOOLS, type ToolName } from '../../../src/assistant/tools/index.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { buildPdf } from '../../helpers/pdf.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

interface StoredAsset {
  id: number;
  teamId: string;
  conversationId: string | null;
  runId: number | null;
  type: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
}

interface ToolRun {
  /** The arguments the offline model filled from the request. */
  input: unknown;
  asset: StoredAsset;
}

const NDA = `MUTUAL NON-DISCLOSURE AGREEMENT

This Non-Disclosure Agreement is entered into as of 1 March 2025 by and between Acme Corp., a Delaware corporation ("Company"), and Jane Doe ("Recipient").

1. Confidential Information. "Confidential Information" means any non-public information disclosed by the Company.
2. Obligations. The Recipient shall keep the Confidential Information confidential in perpetuity and use it only to evaluate the partnership.
3. Term. This Agreement shall automatically renew for successive one-year periods unless either party gives 30 days' notice.
4. Remedies. The Recipient shall indemnify and hold harmless the Company from any and all claims arising out of or relating to a breach. A breach triggers liquidated damages of $50,000.
5. Governing Law. This Agreement is governed by the laws of the State of Delaware.`;

/**
 * Each tool's content, end to end: a request in chat, routed and answered by the offline model,
 * whose tool call is saved as an asset. The values checked are the ones the tools' unit specs pin
 * for the same input; the stored asset is also compared with what the tool makes of the
 * arguments it was called with, so nothing is lost or changed between the tool and the store.
 */
describe('tool content end to end (offline model)', () => {
  let app: INestApplication;
  let user: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000', PUBLIC_URL: 'https://assistant.example.com' } });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(() => app.close());

  /** Sends the request; returns the one tool call of the reply and the asset it saved, as the API serves it. */
  async function runTool(toolName: ToolName, text: string, files: UIMessage['parts'] = []): Promise<ToolRun> {
    const reply = await chat(app, user, { messages: [userMessage(text, files)] });
    const toolParts = reply.message.parts.filter((part) => part.type.startsWith('tool-'));
    expect(toolParts.map((part) => part.type)).toEqual([`tool-${toolName}`]);
    const part = toolParts[0] as { state: string; input: unknown; output: { assetId: number; content: string } };
    expect(part.state).toBe('output-available');

    const asset = (await api(app, user).get(`/api/assets/${part.output.assetId}`).expect(200)).body as StoredAsset;
    expect(asset).toMatchObject({ teamId: user.teamId, conversationId: reply.conversationId, runId: null, type: ASSET_TOOLS[toolName].assetType });
    // What the stream announced is what was stored, and the model saw the start of the same content.
    const announced = reply.message.parts.find((candidate) => candidate.type === 'data-asset') as { data: StoredAsset } | undefined;
    expect(announced?.data).toEqual(asset);
    expect(asset.content.startsWith(part.output.content)).toBe(true);
    return { input: part.input, asset };
  }

  /** The tool's own output for the arguments it was called with (text tools: no services used). */
  async function directly(toolName: ToolName, input: unknown) {
    const tool: AssetTool = ASSET_TOOLS[toolName];
    const services = { attachments: [], storeImage: () => Promise.reject(new Error('not used')) };
    return tool.run(tool.inputSchema.parse(input), services);
  }

  async function expectStoredAsMade(toolName: ToolName, { input, asset }: ToolRun): Promise<void> {
    const draft = await directly(toolName, input);
    expect({ title: asset.title, content: asset.content, metadata: asset.metadata }).toEqual(draft);
  }

  it('generate_outline: the outline JSON in metadata and its Markdown, from a request', async () => {
    const text = 'Write an outline for a LinkedIn post about our new product launch for developers';
    const run = await runTool('generate_outline', text);
    const { asset } = run;
    const outline = asset.metadata.outline as { title: string; hook: string; sections: { heading: string }[]; callToAction: string };
    expect(asset.metadata).toEqual({ platform: 'linkedin', outline });
    expect(asset.title).toBe('Our new product launch for developers');
    expect(outline.title).toBe('Our new product launch for developers');
    expect(outline.sections).toHaveLength(5);
    expect(outline.callToAction).toMatch(/comments/);
    expect(asset.content).toContain('# Our new product launch for developers');
    expect(asset.content).toContain(`**Hook:** ${outline.hook}`);
    expect(asset.content).toContain('## 2. Product launch');
    expect(asset.content).toContain(`**Call to action:** ${outline.callToAction}`);
    expect(asset.content).not.toMatch(/write an outline/i);
    await expectStoredAsMade('generate_outline', run);
  });

  it('format_post: the drafted LinkedIn post with its derived hashtags', async () => {
    const run = await runTool('format_post', 'Write a LinkedIn post about our new product launch for developers');
    const { asset } = run;
    expect(asset.metadata).toEqual({ platform: 'linkedin' });
    expect(asset.title).toBe('Our new product launch for developers');
    expect(asset.content).toContain("Let's talk about our new product launch for developers.");
    expect(asset.content).not.toMatch(/write a linkedin post/i);
    expect(asset.content.split('\n').at(-1)?.split(' ')).toEqual(['#ProductLaunch', '#Developers', '#Product', '#Launch']);
    expect(asset.content.length).toBeLessThanOrEqual(3000);
    await expectStoredAsMade('format_post', run);
  });

  it('format_post for X: within 280 characters, at most two salient hashtags', async () => {
    const run = await runTool('format_post', 'Tweet this post: Remote work is here to stay. Remote teams thrive with async rituals.');
    const { asset } = run;
    expect(asset.metadata).toEqual({ platform: 'x' });
    expect(asset.content.length).toBeLessThanOrEqual(280);
    const tags = asset.content.match(/#\w+/g) ?? [];
    expect(tags).toHaveLength(2);
    expect(tags[0]).toBe('#RemoteWork');
    await expectStoredAsMade('format_post', run);
  });

  it('generate_image: the offline card, stored as a 1024×576 PNG and served at the asset\'s link', async () => {
    const prompt = 'Generate an image of a lighthouse in a storm';
    const { input, asset } = await runTool('generate_image', prompt);
    expect(input).toEqual({ prompt, style: 'illustration' });
    expect(asset.title).toBe('A lighthouse in a storm');
    expect(asset.metadata).toEqual({ prompt, style: 'illustration' });
    expect(asset.content).toMatch(new RegExp(`^https://assistant\\.example\\.com/files/images/${user.teamId}/[A-Za-z0-9_-]{22}\\.png$`));

    const served = await api(app).get(new URL(asset.content).pathname).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    const png = served.body as Buffer;
    expect(png.subarray(12, 16).toString()).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 576]);
    // The card for this prompt and style, byte for byte: the same prompt renders the same image.
    expect(Buffer.compare(png, Buffer.from(await renderPromptCard(prompt, 'illustration')))).toBe(0);
  });

  it('format_reel: caption, hashtags and timed scenes from hook to call to action', async () => {
    const run = await runTool('format_reel', 'Create an Instagram reel about 3 morning habits: drink water, skip the phone and walk outside');
    const { asset } = run;
    expect(asset.metadata).toEqual({ platform: 'instagram', sceneCount: 5 });
    expect(asset.title).toBe('3 morning habits');
    expect(asset.content).toContain('## Caption\n\n3 morning habits in 30 seconds ⏱️\n• Drink water\n• Skip the phone\n• Walk outside');
    expect(asset.content).toMatch(/#MorningHabits/);
    expect(asset.content).toContain('### 1. Hook (0:00–0:03)');
    expect(asset.content).toContain('### 2. Drink water');
    expect(asset.content).toContain('### 5. Call to action (0:26–0:30)');
    expect(asset.content.match(/^### /gm)).toHaveLength(5);
    expect(asset.content).not.toMatch(/create an instagram reel/i);
    await expectStoredAsMade('format_reel', run);
  });

  it('format_script: a YouTube script with intro, a section per point, outro and cues', async () => {
    const run = await runTool('format_script', 'Write a YouTube script about budgeting for students: rent, food and savings');
    const { asset } = run;
    expect(asset.title).toBe('Budgeting for students (YouTube video script)');
    expect(asset.metadata).toEqual({ format: 'youtube', estimatedRuntime: expect.stringMatching(/^\d+:\d{2}$/) });
    for (const heading of ['## Intro', '## 1. Rent', '## 2. Food', '## 3. Savings', '## Outro']) expect(asset.content).toContain(heading);
    expect(asset.content).toContain('*[B-ROLL: Rent]*');
    expect(asset.content).toMatch(/\*\*HOST:\*\* Here's everything you need to know about budgeting for students/);
    expect(asset.content).not.toMatch(/write a youtube script/i);
    await expectStoredAsMade('format_script', run);
  });

  it('generate_thumbnail_concept: exactly three concepts with every field, at the platform\'s size', async () => {
    const run = await runTool('generate_thumbnail_concept', 'Make thumbnail concepts for my video about budgeting for students');
    const { asset } = run;
    expect(asset.metadata).toEqual({ platform: 'youtube', conceptCount: 3 });
    expect(asset.title).toBe('Thumbnail concepts: Budgeting for students');
    expect(asset.content.match(/^## Concept \d: /gm)).toHaveLength(3);
    for (const field of ['Headline text', 'Composition', 'Colours', 'Focal element']) {
      expect(asset.content.match(new RegExp(`\\*\\*${field}:\\*\\*`, 'g'))).toHaveLength(3);
    }
    expect(asset.content).toContain('1280×720');
    expect(asset.content).not.toMatch(/make thumbnail concepts/i);
    await expectStoredAsMade('generate_thumbnail_concept', run);
  });

  it('extract_receipt_data: an itemized table and the spec metadata from pasted text', async () => {
    const run = await runTool('extract_receipt_data', 'Extract this receipt:\nTrattoria Roma\n2 x Pizza | Margherita 24,00 €\nWasser 3,50 €\nGesamt 27,50 €');
    const { asset } = run;
    expect(asset.metadata).toEqual({ total: 27.5, currency: 'EUR', itemCount: 2 });
    expect(asset.title).toBe('Receipt — Trattoria Roma: EUR 27.50');
    expect(asset.content).toContain('| Item | Qty | Unit price | Amount |');
    expect(asset.content).toContain('| Pizza \\| Margherita | 2 | 12.00 | 24.00 |');
    expect(asset.content).toContain('| Wasser | 1 | 3.50 | 3.50 |');
    expect(asset.content).toContain('| **Total** | **27.50 EUR** |');
    await expectStoredAsMade('extract_receipt_data', run);
  });

  it('extract_receipt_data: the text of an attached PDF', async () => {
    const pdf = Buffer.from(buildPdf(['Cafe Lumiere', '2 x Latte 7.00', 'Croissant 2.50', 'TOTAL EUR 9.50'])).toString('base64');
    const file = { type: 'file', mediaType: 'application/pdf', filename: 'receipt.pdf', url: `data:application/pdf;base64,${pdf}` } as const;
    const { asset } = await runTool('extract_receipt_data', 'Extract the receipt I attached', [file]);
    expect(asset.metadata).toEqual({ total: 9.5, currency: 'EUR', itemCount: 2 });
    expect(asset.title).toBe('Receipt — Cafe Lumiere: EUR 9.50');
    expect(asset.content).toContain('| Latte | 2 | 3.50 | 7.00 |');
    expect(asset.content).toContain('| Croissant | 1 | 2.50 | 2.50 |');
  });

  it('analyze_legal_document: type, parties, risks with severities and quotes, recommendations', async () => {
    const run = await runTool('analyze_legal_document', NDA);
    const { asset } = run;
    expect(asset.metadata).toEqual({
      documentType: 'NDA',
      riskCount: 5,
      highRisks: 2,
      risks: [
        { category: 'broad_indemnification', severity: 'high', clause: 'Clause 4 (Remedies)' },
        { category: 'penalties', severity: 'high', clause: 'Clause 4 (Remedies)' },
        { category: 'perpetual_confidentiality', severity: 'medium', clause: 'Clause 2 (Obligations)' },
        { category: 'automatic_renewal', severity: 'medium', clause: 'Clause 3 (Term)' },
        { category: 'governing_law', severity: 'low', clause: 'Clause 5 (Governing Law)' },
      ],
    });
    expect(asset.title).toBe('NDA analysis: Acme Corp. and Jane Doe');
    for (const heading of ['## Document type', '## Parties', '## Key clauses', '## Risks', '## Recommendations']) {
      expect(asset.content).toContain(heading);
    }
    expect(asset.content).toContain('- Acme Corp. (“Company”)\n- Jane Doe (“Recipient”)');
    expect(asset.content).toContain('### 1. Broad indemnification — High\n\nClause 4 (Remedies)\n\n> The Recipient shall indemnify');
    expect(asset.content).toContain('> A breach triggers liquidated damages of $50,000.');
    expect(asset.content).toMatch(/1\. \*\*Broad indemnification\*\* \(Clause 4 \(Remedies\)\): Limit the indemnity/);
    await expectStoredAsMade('analyze_legal_document', run);
  });
});
