import { generateText, Output, tool } from 'ai';
import { z } from 'zod';
import { ASSET_TOOLS } from '../../assistant/tools/index.js';
import type { ToolServices } from '../../assistant/tools/asset-tool.js';
import { requestOf } from './intents.js';
import { parseReceipt } from '../../assistant/tools/extract-receipt-data.tool.js';
import { AGENT_ROUTE_OUTPUT, OfflineLanguageModel } from './offline-language-model.js';
import { contextPart } from '../context-parts.js';
import { fillFromSchema } from './schema-filler.js';
import { planWorkflow } from './workflow-planner.js';
import { startCpuClock } from '../../../test/helpers/cpu-clock.js';

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

/**
 * CPU time: far above what linear work on these inputs takes, far below a quadratic pass (minutes on
 * 100 KB). Linear work varies with where it runs: the legal analysis of "Review this contract1 1 1 …"
 * takes 98 ms alone and measured 3.2 s of the thread's CPU late in a shared CI worker (cause not found;
 * see docs/decisions/a-held-out-evaluation-set.md), so the bound leaves room for that.
 */
const BOUND_MS = Number(process.env.ADVERSARIAL_BOUND_MS ?? 10_000);

function timed<T>(work: () => T): T {
  const cpu = startCpuClock();
  const result = work();
  expect(cpu.ms()).toBeLessThan(BOUND_MS);
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
    const cpu = startCpuClock();
    // Several text parts of the same message are read together.
    await generateText({ model, tools, messages: [{ role: 'user', content: [{ type: 'text', text }, { type: 'text', text }, contextPart('earlier-step', text)] }] });
    await generateText({ model, prompt: text, output: Output.object({ schema: z.object({ agentId: z.string(), confident: z.boolean() }), name: AGENT_ROUTE_OUTPUT }) });
    expect(cpu.ms()).toBeLessThan(BOUND_MS);
  });

  it.each(ADVERSARIAL_TEXTS.map((text, index) => [index, text.slice(0, 2_000)]))('plans a workflow, input %i', (_index, text) => {
    timed(() => planWorkflow(text));
  });
});

describe('the tools on adversarial text', () => {
  const services: ToolServices = { attachments: [], storeImage: () => Promise.resolve('http://localhost/files/x.png') };
  const cases = Object.values(ASSET_TOOLS).flatMap((definition) =>
    ADVERSARIAL_TEXTS.map((text, index) => [definition.name, index, definition, text] as const),
  );
  it.each(cases)('%s, input %i', async (_name, _index, definition, text) => {
    const input = definition.inputSchema.safeParse(fillFromSchema(z.toJSONSchema(definition.inputSchema) as never, text));
    if (!input.success) return;
    const cpu = startCpuClock();
    // Refusing unusable input ("the post content is empty") is an answer too: only the time counts.
    await (async () => definition.run(input.data as never, services))().catch(() => undefined);
    expect(cpu.ms()).toBeLessThan(BOUND_MS);
  });
});

/**
 * The receipt parser on receipt-shaped text at the tool's 20,000-character cap, each run between the
 * parts its patterns look for: a request naming the merchant ("from" + blanks + a line that never
 * ends the request took 85 s), an item priced "@" after the run, a merchant before a comma, prices.
 */
describe('the receipt parser on adversarial text', () => {
  const cap = 20_000;
  const receiptRuns = [...runs, 'from ', 'at ', '@ ', 'x ', '2 x ', 'Total ', 'tax ', ' :', ' =', '1.000', '3,50 '];
  const texts = receiptRuns.flatMap((run) => {
    const body = run.repeat(Math.ceil(cap / run.length)).slice(0, cap - 200);
    return [
      body,
      `Extract this receipt from${body}${'a'.repeat(100)}`,
      `please extract the receipt data for Joe's${body}\nCoffee 3.50`,
      `Coffee 3.50\nTea${body}@ 2.50 x\nTotal 6.00 =${body.slice(0, 1_000)}`,
      `Pret A Manger${body}, Latte £3.20 Muffin${body.slice(0, 1_000)}`,
    ];
  });
  it.each(texts.map((text, index) => [index, text]))('parseReceipt, input %i', (_index, text) => {
    timed(() => {
      try {
        return parseReceipt(text);
      } catch {
        // "No receipt lines found" is an answer too.
        return undefined;
      }
    });
  });
});
