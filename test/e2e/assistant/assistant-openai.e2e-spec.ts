import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: unknown }[];
  response_format?: unknown;
  tools?: { function: { name: string } }[];
}

/** A local server speaking the OpenAI Chat Completions API, as any compatible server would. */
function fakeOpenAI(options: { failRouting?: boolean }) {
  const requests: ChatCompletionRequest[] = [];
  const server = createServer((req, res) => {
    void readJson(req).then((body) => {
      requests.push(body);
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      if (body.response_format) {
        if (options.failRouting) {
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream exploded' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-route',
            object: 'chat.completion',
            created: 1,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ agentId: 'social', confident: true }) }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (chunk: unknown) => res.write(`data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: body.model, ...(chunk as object) })}\n\n`);
      const answeredTool = body.messages.some((message) => message.role === 'tool');
      if (!answeredTool) {
        send({ choices: [{ index: 0, delta: { role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'format_post', arguments: '' } }] }, finish_reason: null }] });
        send({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"content":"We ship faster with' } }] }, finish_reason: null }] });
        send({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: ' small pull requests","platform":"x"}' } }] }, finish_reason: null }] });
        send({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
      } else {
        for (const word of ['Your ', 'post ', 'is ', 'ready.']) send({ choices: [{ index: 0, delta: { content: word }, finish_reason: null }] });
        send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      }
      send({ choices: [], usage: { prompt_tokens: 20, completion_tokens: 8, total_tokens: 28 } });
      res.end('data: [DONE]\n\n');
    });
  });
  return { server, requests };
}

async function readJson(req: IncomingMessage): Promise<ChatCompletionRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}') as ChatCompletionRequest;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

/** An app whose models are `openai:*` served by the fake server; both closed after `test`. */
async function withFakeProvider(options: { failRouting?: boolean }, test: (app: INestApplication, fake: ReturnType<typeof fakeOpenAI>) => Promise<void>) {
  const fake = fakeOpenAI(options);
  const baseUrl = await listen(fake.server);
  const app: INestApplication = await createTestApp({
    env: { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: 'sk-test', DEFAULT_MODEL: 'openai:gpt-test' },
  });
  try {
    await resetDatabase(app);
    await test(app, fake);
  } finally {
    await app.close();
    fake.server.close();
  }
}

describe('assistant with an OpenAI-compatible provider', () => {
  it('routes and answers through the provider, runs the tool it calls, and saves the asset', () =>
    withFakeProvider({}, async (app, fake) => {
      const user = await signUp(app);
      const reply = await chat(app, user, { messages: [userMessage('Tweet about small pull requests')] });

      expect(reply.message.metadata).toMatchObject({ agentId: 'social', modelId: 'openai:gpt-test' });
      expect(reply.message.parts.find((part) => part.type === 'tool-format_post')).toMatchObject({
        state: 'output-available',
        input: { content: 'We ship faster with small pull requests', platform: 'x' },
        output: { type: 'social_post', assetId: expect.any(Number) },
      });
      expect(textOfMessage(reply.message)).toBe('Your post is ready.');

      const [asset] = (await api(app, user).get('/api/assets?type=social_post').expect(200)).body;
      expect(asset).toMatchObject({ conversationId: reply.conversationId, metadata: { platform: 'x' } });
      expect(asset.content.length).toBeLessThanOrEqual(280);

      // Routing, the tool call, and the answer after the tool result: three calls to the provider;
      // then, after the reply, a fourth writes the conversation's title.
      await waitFor(() => Promise.resolve(fake.requests.length >= 4), 'the title call');
      expect(fake.requests.map((request) => [request.model, Boolean(request.response_format), Boolean(request.stream)])).toEqual([
        ['gpt-test', true, false],
        ['gpt-test', false, true],
        ['gpt-test', false, true],
        ['gpt-test', true, false],
      ]);
      expect(fake.requests[1].tools!.map((entry) => entry.function.name).sort()).toEqual(
        ['format_post', 'generate_image', 'generate_outline', 'generate_thumbnail_concept'].sort(),
      );
      const toolResult = fake.requests[2].messages.find((message) => message.role === 'tool');
      expect(JSON.stringify(toolResult)).toContain(`\\"assetId\\":${asset.id}`);
    }));

  it('answers 500 without a stream when the agent fails before streaming, and stores nothing', () =>
    withFakeProvider({ failRouting: true }, async (app) => {
      const user = await signUp(app);
      const response = await api(app, user).post('/api/assistant/router').send({ messages: [userMessage('Hello')] });
      expectError(response, 500, 'Internal server error');
      expect(JSON.stringify(response.body)).not.toContain('upstream exploded');
      const [{ count }] = await app.get(DataSource).query('SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM conversations) AS count');
      expect(Number(count)).toBe(0);
    }));
});
