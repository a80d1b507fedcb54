import { generateText, isStepCount, Output, streamText, tool } from 'ai';
import { z } from 'zod';
import { AGENT_ROUTE_OUTPUT, OfflineLanguageModel, WORKFLOW_PLAN_OUTPUT } from './offline-language-model.js';
import { contextPart } from '../context-parts.js';
import { fillFromSchema } from './schema-filler.js';

const model = new OfflineLanguageModel({ chunkDelayMs: 0 });

describe('OfflineLanguageModel', () => {
  it('calls the tool the request asks for with arguments filled from the text, then reports the result', async () => {
    const received: unknown[] = [];
    const tools = {
      format_post: tool({
        description: 'Format a post',
        inputSchema: z.object({ content: z.string(), platform: z.enum(['linkedin', 'x']).default('linkedin'), hashtags: z.array(z.string()).optional() }),
        execute: (input) => {
          received.push(input);
          return { assetId: 7, title: 'Launch day' };
        },
      }),
      generate_outline: tool({ description: 'Outline', inputSchema: z.object({ topic: z.string() }), execute: () => ({}) }),
    };
    const result = streamText({ model, tools, stopWhen: isStepCount(3), prompt: 'Write a tweet post about launch day' });
    expect(await result.text).toBe('Made an X post: "Launch day", saved to your assets.');
    expect(received).toEqual([{ content: 'Write a tweet post about launch day', platform: 'x' }]);
  });

  it('calls a tool the user names ("use echo with …"), a team MCP tool by its own name, and reports its text', async () => {
    const received: unknown[] = [];
    const tools = {
      mcp_cms__echo: tool({
        description: 'Echoes back the input',
        inputSchema: z.object({ message: z.string() }),
        execute: (input) => {
          received.push(input);
          return { content: [{ type: 'text', text: `Echo: ${input.message}` }] };
        },
      }),
    };
    const result = streamText({ model, tools, stopWhen: isStepCount(3), prompt: 'use echo with hello from the test' });
    expect(await result.text).toBe('Used echo (cms): Echo: hello from the test');
    expect(received).toEqual([{ message: 'hello from the test' }]);
    const { toolCalls } = await generateText({ model, tools, prompt: 'use get-sum with 1 and 2' });
    expect(toolCalls).toEqual([]);
  });

  it('says a tool call a person denied was not run, with the reason given', async () => {
    const { text } = await generateText({
      model,
      messages: [
        { role: 'user', content: 'use echo with publish now' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'mcp_cms__echo', input: { message: 'publish now' } }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'mcp_cms__echo', output: { type: 'execution-denied', reason: 'not today' } }] },
      ],
    });
    expect(text).toBe('I did not run echo (cms): it was denied (not today).');
  });

  it('answers in plain words when no tool fits, naming itself as the offline model', async () => {
    const { text } = await generateText({ model, prompt: 'What is the capital of France?' });
    expect(text).toMatch(/^This is the offline model: no language model is configured/);
    expect(text).toContain('You wrote: "What is the capital of France?"');
  });

  it('says in one sentence what it understood, what it cannot make and the nearest thing it can, when asked to make what no tool makes', async () => {
    const { text, toolCalls } = await generateText({ model, prompt: 'Could you compose a jingle for our brand?' });
    expect(toolCalls).toEqual([]);
    expect(text).toBe('I understood that you want me to compose a jingle for our brand, which the offline model cannot make; the nearest I can make is a script about it.');
  });

  it('does not call a tool the agent lacks', async () => {
    const tools = { analyze_legal_document: tool({ description: 'x', inputSchema: z.object({ document: z.string() }), execute: () => ({}) }) };
    const { toolCalls } = await generateText({ model, tools, prompt: 'Make an image of a cat' });
    expect(toolCalls).toEqual([]);
  });

  it('reports a failed tool without pretending it worked', async () => {
    const tools = {
      extract_receipt_data: tool({
        description: 'x',
        inputSchema: z.object({ text: z.string() }),
        execute: (): { saved: boolean } => {
          throw new Error('No receipt lines found');
        },
      }),
    };
    const { text } = await generateText({ model, tools, stopWhen: isStepCount(3), prompt: 'Read my receipt' });
    expect(text).toBe('I could not finish Extract receipt data: No receipt lines found');
  });

  it('routes with structured output by the phrase table', async () => {
    const schema = z.object({ agentId: z.enum(['social', 'video', 'finance', 'legal', 'general']), confident: z.boolean() });
    const route = async (prompt: string) => (await generateText({ model, prompt, output: Output.object({ schema, name: AGENT_ROUTE_OUTPUT }) })).output;
    expect(await route('Review this NDA please')).toEqual({ agentId: 'legal', confident: true });
    expect(await route('Thumbnail ideas please')).toEqual({ agentId: 'video', confident: true });
    expect(await route('How are you?')).toEqual({ agentId: 'general', confident: false });
  });

  it('routes by the ask, then by what pasted lines are, then by anything the message names', async () => {
    const schema = z.object({ agentId: z.enum(['social', 'video', 'finance', 'legal', 'general']), confident: z.boolean() });
    const route = async (prompt: string) => (await generateText({ model, prompt, output: Output.object({ schema, name: AGENT_ROUTE_OUTPUT }) })).output.agentId;
    const terms = '1. The Designer shall deliver the banner images and a logo within 10 days.\n2. The Client may cancel this agreement at any time without notice.';
    expect(await route(`ok to sign?\n${terms}`)).toBe('legal');
    expect(await route(`Write a LinkedIn post about our new design partner\n${terms}`)).toBe('social');
    expect(await route('Photo Corner\nPrints 6x4 x20   4.00\nPhoto album   12.50\nTotal   16.50')).toBe('finance');
    expect(await route('Hi!\nCould you draw our mascot waving?')).toBe('social');
    // A question about signing the pasted terms is their reading, whatever the deal is for ("a logo refresh").
    expect(await route(`a client sent this over for a logo and banner job, anything in clause 2 I should worry about before I sign?\n${terms}`)).toBe('legal');
  });

  it('plans workflows with structured output', async () => {
    const schema = z.object({ title: z.string(), steps: z.array(z.object({ description: z.string(), agentId: z.string(), requiresApproval: z.boolean() })) });
    const { output } = await generateText({
      model,
      prompt: 'Write a YouTube script about our product, then publish it after review.',
      output: Output.object({ schema, name: WORKFLOW_PLAN_OUTPUT }),
    });
    expect(output.steps).toEqual([
      { description: 'Write a YouTube script about our product, for your approval before it is published', agentId: 'video', requiresApproval: true },
    ]);
  });

  it('reads a step from its own instruction: context parts never reach the tool, earlier output gives the details', async () => {
    const received: { content: string }[] = [];
    const tools = {
      format_post: tool({
        description: 'Format a post',
        inputSchema: z.object({ content: z.string() }),
        execute: (input) => {
          received.push(input);
          return { assetId: 2, title: 'Our week' };
        },
      }),
    };
    const outline = 'Wrote an outline: "Our week", saved to your assets.\n\n# Our week\n\n## 1. Why our week matters\n\n- What it means in practice\n\n## 2. Shipped the beta';
    await generateText({
      model,
      tools,
      stopWhen: isStepCount(3),
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Write the LinkedIn post about our week based on step 1, for your approval before it is published' },
            { type: 'text', text: '(Step 2 of 2 of the workflow "Our week". Goal: outline it, write it)', providerOptions: contextPart('workflow', '').providerMetadata },
            { type: 'text', text: `Step 1 (Outline) produced:\n${outline}`, providerOptions: contextPart('earlier-step', '').providerMetadata },
          ],
        },
      ],
    });
    expect(received).toEqual([{ content: 'Write the LinkedIn post about our week. Why our week matters. Shipped the beta.' }]);
  });

  it("keeps a reviewer's note in a redo's tool input that earlier steps' long output would push past the field's limit", async () => {
    const received: { prompt: string }[] = [];
    const tools = {
      generate_image: tool({
        description: 'Creates an image from a text prompt',
        inputSchema: z.object({ prompt: z.string().min(1).max(1_000) }),
        execute: (input) => {
          received.push(input);
          return { assetId: 3, title: 'Launch' };
        },
      }),
    };
    const post = Array.from({ length: 40 }, (_, index) => `Point ${index + 1} of why our launch matters to the people who use it.`).join(' ');
    const note = 'Use a blue palette and put the logo text in the corner';
    await generateText({
      model,
      tools,
      stopWhen: isStepCount(2),
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Make an image for the LinkedIn post about our launch' },
            { type: 'text', text: `Step 1 (Write) produced:\n${post}`, providerOptions: contextPart('earlier-step', '').providerMetadata },
            { type: 'text', text: `\nA reviewer rejected the previous attempt of this step with this feedback: ${note}`, providerOptions: contextPart('feedback', '').providerMetadata },
          ],
        },
      ],
    });
    expect(received).toHaveLength(1);
    expect(received[0].prompt.length).toBeLessThanOrEqual(1_000);
    expect(received[0].prompt).toContain(note);
  });

  it('answers a task no tool makes with a structured draft built from the earlier output, not an offline notice', async () => {
    const { text } = await generateText({
      model,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Draft an email to the team about the launch' },
            { type: 'text', text: 'Step 1 (Write) produced:\nWe shipped the beta. Sign-ups doubled.', providerOptions: contextPart('earlier-step', '').providerMetadata },
          ],
        },
      ],
    });
    expect(text).toBe(['**Subject:** The launch', '', 'Hi team,', '', 'A quick update on the launch:', '', '- We shipped the beta.', '- Sign-ups doubled.', '', 'Let me know if you have questions.', '', 'Best regards'].join('\n'));
  });

  it('reports about a token per 4 characters read (instructions, messages, tool schemas) and written', async () => {
    const prompt = 'What is the capital of France?';
    const instructions = 'Answer briefly.';
    const plain = await generateText({ model, instructions, prompt });
    expect(plain.usage.inputTokens).toBe(Math.ceil(`${instructions}\n${prompt}\n[]\n`.length / 4));
    expect(plain.usage.outputTokens).toBe(Math.ceil(plain.text.length / 4));

    // The same request with a tool on offer reads its schema too.
    const tools = { generate_outline: tool({ description: 'Outline a topic', inputSchema: z.object({ topic: z.string() }) }) };
    const withTool = await generateText({ model, instructions, prompt, tools });
    expect(withTool.usage.inputTokens).toBeGreaterThan(plain.usage.inputTokens! + 'Outline a topic'.length / 4);
  });

  it('streams word by word and stops at once when aborted', async () => {
    const slow = new OfflineLanguageModel({ chunkDelayMs: 20 });
    const controller = new AbortController();
    const result = streamText({ model: slow, prompt: 'Tell me a long story', abortSignal: controller.signal });
    let deltas = 0;
    await expect(
      (async () => {
        for await (const part of result.stream) {
          if (part.type === 'text-delta' && ++deltas === 3) controller.abort();
          if (part.type === 'error') throw part.error;
        }
        await result.text;
      })(),
    ).rejects.toThrow();
    expect(deltas).toBeLessThan(6);
  });
});

describe('fillFromSchema', () => {
  const schema = {
    type: 'object' as const,
    properties: {
      topic: { type: 'string' as const, maxLength: 10 },
      platform: { type: 'string' as const, enum: ['youtube', 'youtube_shorts', 'linkedin'], default: 'linkedin' },
      format: { type: 'string' as const, enum: ['podcast', 'video'] },
      sections: { type: 'integer' as const, minimum: 3 },
      tags: { type: 'array' as const, items: { type: 'string' as const } },
    },
    required: ['topic', 'platform', 'sections', 'tags'],
  };

  it('fills required fields, picks mentioned enum values (with synonyms) and leaves unmentioned optionals out', () => {
    expect(fillFromSchema(schema, 'A YouTube video')).toEqual({ topic: 'A YouTube ', platform: 'youtube', format: 'video', sections: 3, tags: [] });
    expect(fillFromSchema(schema, 'shorts please')).toEqual({ topic: 'shorts ple', platform: 'youtube_shorts', sections: 3, tags: [] });
    expect(fillFromSchema(schema, 'nothing here')).toEqual({ topic: 'nothing he', platform: 'linkedin', sections: 3, tags: [] });
  });

  it('reads a chat export as one ask, and gives the tools its lines without the time stamps and senders', async () => {
    const received: string[] = [];
    const tools = {
      format_post: tool({ description: 'Post', inputSchema: z.object({ content: z.string() }), execute: (input) => (received.push(input.content), {}) }),
      analyze_legal_document: tool({ description: 'Legal', inputSchema: z.object({ document: z.string() }), execute: (input) => (received.push(input.document), {}) }),
    };
    const chat = '[08:10] Ama Owusu: the bakery turns 10 on friday\n[08:11] Ama Owusu: @assistant can you do the linkedin post about it?';
    await generateText({ model, tools: { format_post: tools.format_post }, stopWhen: isStepCount(2), prompt: chat });
    expect(received.pop()).toBe('- the bakery turns 10 on friday\n- can you do the linkedin post about it?');
    const terms = '[1/5/2025, 10:00] Sam - Market Co: stall is £90 a day\n[1/5/2025, 10:01] Sam - Market Co: we can cancel your stall any time, no notice\n\nis this ok to agree to?';
    await generateText({ model, tools: { analyze_legal_document: tools.analyze_legal_document }, stopWhen: isStepCount(2), prompt: terms });
    expect(received.pop()).toContain('- we can cancel your stall any time, no notice');
  });
});
