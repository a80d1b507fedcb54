import { generateText, Output, tool } from 'ai';
import { z } from 'zod';
import { ASSET_TOOLS } from '../../assistant/tools/index.js';
import type { ToolServices } from '../../assistant/tools/asset-tool.js';
import { requestOf } from './intents.js';
import { AGENT_ROUTE_OUTPUT, contextPart, OfflineLanguageModel } from './offline-language-model.js';
import { fillFromSchema } from './schema-filler.js';
import { planWorkflow } from './workflow-planner.js';

/**
 * Text built to make regular expressions backtrack: long runs of whitespace, separators and
 * repeated words, each with and without a phrase the offline model reacts to around it. Each
 * must be answered in time linear in its length; a quadratic pass over 100,000 characters takes
 * minutes, so the generous bound below cannot be met by one.
 */
const SIZE = Number(process.env.ADVERSARIAL_SIZE ?? 100_000);
const runs = [' ', '\n', '\t', ', ', ',', ';', ' ,', '. ', '- ', '* ', '# ', '1 ', '1,', '$1.00 ', 'for ', 'the ', 'post ', 'review ', 'step 1 ', 'a', '1', '\u00a0', ' \n'];
export const ADVERSARIAL_TEXTS: string[] = runs.flatMap((run) => {
  const body = run.repeat(Math.ceil(SIZE / run.length)).slice(0, SIZE);
  return [body, `Write a LinkedIn post${body}x`, `Review this contract${body}for review before publishing`];
});

/** Far above what linear work on these inputs takes even on a loaded machine, far below a quadratic pass. */
const BOUND_MS = Number(process.env.ADVERSARIAL_BOUND_MS ?? 3_000);

function timed<T>(work: () => T): T {
  const started = performance.now();
  const result = work();
  expect(performance.now() - started).toBeLessThan(BOUND_MS);
  return result;
}

const model = new OfflineLanguageModel({ chunkDelayMs: 0 });

describe('the offline model on adversarial text', () => {
  it.each(ADVERSARIAL_TEXTS.map((text, index) => [index, text]))('requestOf, input %i', (_index, text) => {
    timed(() => requestOf(text));
  });

  it.each(ADVERSARIAL_TEXTS.map((text, index) => [index, text]))('answers with tools, input %i', async (_index, text) => {
    const tools = Object.fromEntries(
      Object.entries(ASSET_TOOLS).map(([name, definition]) => [name, tool({ description: definition.description, inputSchema: definition.inputSchema as z.ZodType<unknown> })]),
    );
    const started = performance.now();
    // Several text parts of the same message are read together.
    await generateText({ model, tools, messages: [{ role: 'user', content: [{ type: 'text', text }, { type: 'text', text }, contextPart('earlier-step', text)] }] });
    await generateText({ model, prompt: text, output: Output.object({ schema: z.object({ agentId: z.string(), confident: z.boolean() }), name: AGENT_ROUTE_OUTPUT }) });
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
  });

  it.each(ADVERSARIAL_TEXTS.map((text, index) => [index, text.slice(0, 2_000)]))('plans a workflow, input %i', (_index, text) => {
    timed(() => planWorkflow(text));
  });
});

describe('the tools on adversarial text', () => {
  const services: ToolServices = { attachments: [], storeImage: () => Promise.resolve('http://localhost/files/x.png') };
  // Not yet: extract_receipt_data is still quadratic in its text (3 to 5 s at its 20,000-character cap).
  const cases = Object.values(ASSET_TOOLS).filter((definition) => definition.name !== 'extract_receipt_data').flatMap((definition) =>
    ADVERSARIAL_TEXTS.map((text, index) => [definition.name, index, definition, text] as const),
  );
  it.each(cases)('%s, input %i', async (_name, _index, definition, text) => {
    const input = definition.inputSchema.safeParse(fillFromSchema(z.toJSONSchema(definition.inputSchema) as never, text));
    if (!input.success) return;
    const started = performance.now();
    // Refusing unusable input ("the post content is empty") is an answer too: only the time counts.
    await (async () => definition.run(input.data as never, services))().catch(() => undefined);
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
  });
});
