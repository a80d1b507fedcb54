import { asSchema } from 'ai';
import type { JSONSchema7 } from '@ai-sdk/provider';
import { analyzeLegalDocumentTool } from '../../assistant/tools/analyze-legal-document.tool.js';
import { extractReceiptDataTool } from '../../assistant/tools/extract-receipt-data.tool.js';
import { formatReelTool } from '../../assistant/tools/format-reel.tool.js';
import { formatScriptTool } from '../../assistant/tools/format-script.tool.js';
import { fillFromSchema, materialOf } from './schema-filler.js';

const schemaOf = async (tool: { inputSchema: unknown }): Promise<JSONSchema7> =>
  (await asSchema(tool.inputSchema as never).jsonSchema);

describe('fillFromSchema', () => {
  it('gives a pasted receipt or contract without the request line above it', async () => {
    const receipt = 'Here is my receipt, please summarise it\nCorner Cafe\nLatte 4.50\nTotal 4.50';
    expect(fillFromSchema(await schemaOf(extractReceiptDataTool), receipt)).toEqual({ text: 'Corner Cafe\nLatte 4.50\nTotal 4.50' });
    const contract = 'Can you review this NDA?\nNON-DISCLOSURE AGREEMENT\n1. Term. Two years.';
    expect(fillFromSchema(await schemaOf(analyzeLegalDocumentTool), contract)).toEqual({
      document: 'NON-DISCLOSURE AGREEMENT\n1. Term. Two years.',
    });
  });

  it.each([
    ['a document pasted on its own', 'SERVICES AGREEMENT\n1. Fees. Monthly.'],
    ['a receipt pasted on its own', 'Corner Cafe\nLatte 4.50'],
    ['a request with nothing after it', 'Please review this contract: 1. Term. Two years.'],
  ])('keeps the whole text for %s', (_, text) => {
    expect(materialOf(text)).toBe(text);
  });

  it.each([
    ['Write a 60-second video script about budgeting', 60],
    ['video script, 2 minutes, on sleep', 120],
    ['a 1:30 explainer script on vaccines', 90],
    ['podcast script about 90s music trends', undefined],
    ['youtube script about investing', undefined],
  ])('fills the script length from "%s"', async (text, seconds) => {
    const filled = fillFromSchema(await schemaOf(formatScriptTool), text) as Record<string, unknown>;
    expect(filled.durationSeconds).toBe(seconds);
  });

  it('keeps a stated reel length within the tool’s bounds', async () => {
    const schema = await schemaOf(formatReelTool);
    expect(fillFromSchema(schema, 'a 45 second reel about coffee')).toMatchObject({ durationSeconds: 45 });
    expect(fillFromSchema(schema, 'a 5 minute reel about coffee')).toMatchObject({ durationSeconds: 90 });
  });
});
