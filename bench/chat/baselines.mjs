// The bare servers bench:chat compares POST /api/assistant/router with: node:http and the AI SDK
// only, no Nest, no auth; one of them also writes a router turn's rows with plain `pg`.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { pipeUIMessageStreamToResponse, streamText, toUIMessageStream } from 'ai';
import pg from 'pg';
import { OfflineLanguageModel } from '../../dist/src/llm/offline/offline-language-model.js';
import { statementName } from '../../dist/src/database/prepared-queries.js';

async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

/** The offline model with no pause between words: its reply streams one word per text delta. */
export function startTokenBaseline(question) {
  const model = new OfflineLanguageModel({ chunkDelayMs: 0 });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const result = streamText({ model, messages: [{ role: 'user', content: question }] });
      void pipeUIMessageStreamToResponse({ response: res, stream: toUIMessageStream({ stream: result.stream }) });
    });
  });
  return listen(server);
}

/**
 * A language model that streams the offline model's reply to `question` as ONE text delta, as the
 * service's default pacing sends that instant reply: the offline model's own parts, computed once,
 * with the word deltas merged. Nothing per call but a new stream over them.
 */
export async function oneDeltaModel(question) {
  const offline = new OfflineLanguageModel({ chunkDelayMs: 0 });
  const { stream } = await offline.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: question }] }] });
  const parts = [];
  for await (const part of stream) {
    const last = parts.at(-1);
    if (part.type === 'text-delta' && last?.type === 'text-delta' && last.id === part.id) last.delta += part.delta;
    else parts.push({ ...part });
  }
  return {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: 'one-delta',
    supportedUrls: {},
    reply: parts.filter((part) => part.type === 'text-delta').map((part) => part.delta).join(''),
    doGenerate: () => Promise.reject(new Error('bench model: streaming only')),
    doStream: () =>
      Promise.resolve({
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      }),
  };
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(body));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

/**
 * The bare one-delta server: reads the router's body, streams the reply with the service's UI
 * message stream framing (message metadata on start and finish, a message id). With `persistence`,
 * it stores the turn before the first byte and the reply after the last, as the router does.
 */
export function startOneDeltaBaseline(model, persistence) {
  const metadata = { agentId: 'general', modelId: model.modelId };
  const server = createServer((req, res) => {
    void (async () => {
      const { messages } = await readJson(req);
      const userMessage = messages.at(-1);
      const conversationId = persistence ? await persistence.storeTurn(userMessage) : randomUUID();
      const result = streamText({ model, messages: [{ role: 'user', content: userMessage.parts[0].text }] });
      const stream = toUIMessageStream({
        stream: result.stream,
        generateMessageId: randomUUID,
        messageMetadata: ({ part }) =>
          part.type === 'start'
            ? { ...metadata, conversationId }
            : part.type === 'finish'
              ? { ...metadata, conversationId, usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens } }
              : undefined,
        onEnd: persistence ? ({ responseMessage }) => persistence.storeReply(conversationId, responseMessage) : undefined,
      });
      res.setHeader('x-conversation-id', conversationId);
      pipeUIMessageStreamToResponse({ response: res, stream });
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  return listen(server);
}

const INCOMING = (parameter) => `incoming AS (
    SELECT * FROM jsonb_to_recordset($${parameter}::jsonb) AS m("order" int, message_id text, role text, parts jsonb, metadata jsonb)
  )`;

/** The service's one-statement new conversation with its first messages (ConversationsService.createWithMessages). */
const CREATE_WITH_MESSAGES = `WITH conversation AS (
    INSERT INTO conversations (team_id, user_id, chat_id, title, niche, last_agent_id, workflow_run)
    VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
  ), ${INCOMING(8)}, saved AS (
    INSERT INTO messages (conversation_id, message_id, role, parts, metadata)
    SELECT conversation.id, message_id, role, parts, metadata FROM conversation, incoming ORDER BY "order"
    ON CONFLICT (conversation_id, message_id) DO NOTHING
  )
  SELECT id FROM conversation`;

/** The service's one-statement message save (ConversationsService.saveMessages). */
function saveMessagesSql(replace) {
  return `WITH ${INCOMING(2)}, saved AS (
      INSERT INTO messages (conversation_id, message_id, role, parts, metadata)
      SELECT $1, message_id, role, parts, metadata FROM incoming ORDER BY "order"
      ON CONFLICT (conversation_id, message_id) ${replace ? 'DO UPDATE SET parts = EXCLUDED.parts, metadata = EXCLUDED.metadata' : 'DO NOTHING'}
      RETURNING message_id
    ), touched AS (
      UPDATE conversations SET updated_at = now() WHERE id = $1
    )
    SELECT message_id FROM saved`;
}

const INSERT_USAGE = `INSERT INTO usage_records (team_id, user_id, conversation_id, workflow_id, run_id, step_index, kind, model_id, input_tokens, output_tokens, images, created_at)
  SELECT r.* FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::int[], $6::int[], $7::text[], $8::text[], $9::int[], $10::int[], $11::int[], $12::timestamptz[])
    AS r (team_id, user_id, conversation_id, workflow_id, run_id, step_index, kind, model_id, input_tokens, output_tokens, images, created_at)
  WHERE EXISTS (SELECT 1 FROM teams WHERE teams.id = r.team_id)`;

/** A statement prepared once per connection, as the service prepares its hot statements (PreparedQueries). */
const prepared = (text, values) => ({ name: statementName(text), text, values });

const messageRow = (message) => JSON.stringify([{ order: 0, message_id: message.id, role: message.role, parts: message.parts, metadata: message.metadata ?? null }]);

/**
 * A router turn's rows, written into the service's own tables with the round trips the service
 * makes: one statement for the conversation and the user message before the first byte, one
 * for the reply after the last, and the usage rows (routing and reply) in one
 * INSERT a second, as the usage ledger batches them. A pool of 20, the service's size.
 */
export function createTurnPersistence(databaseUrl, { teamId, userId }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  let usage = [];
  const recordUsage = (conversationId, kind) => usage.push({ conversationId, kind, at: new Date().toISOString() });
  const flushUsage = async () => {
    if (usage.length === 0) return;
    const rows = usage;
    usage = [];
    const column = (value) => rows.map(value);
    await pool.query(INSERT_USAGE, [
      column(() => teamId),
      column(() => userId),
      column((row) => row.conversationId),
      column(() => null),
      column(() => null),
      column(() => null),
      column((row) => row.kind),
      column(() => 'offline'),
      column(() => 30),
      column(() => 82),
      column(() => 0),
      column((row) => row.at),
    ]);
  };
  const timer = setInterval(() => void flushUsage(), 1000);

  return {
    async storeTurn(userMessage) {
      const title = userMessage.parts[0].text.slice(0, 100);
      const {
        rows: [conversation],
      } = await pool.query(prepared(CREATE_WITH_MESSAGES, [teamId, userId, null, title, 'general', 'general', null, messageRow(userMessage)]));
      recordUsage(conversation.id, 'routing');
      return conversation.id;
    },
    async storeReply(conversationId, message) {
      await pool.query(prepared(saveMessagesSql(true), [conversationId, messageRow(message)]));
      recordUsage(conversationId, 'chat');
    },
    async close() {
      clearInterval(timer);
      await flushUsage();
      await pool.end();
    },
  };
}
