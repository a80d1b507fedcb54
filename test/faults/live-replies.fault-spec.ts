import type { UIMessage } from 'ai';
import { waitFor } from '../helpers/mail-catcher.js';
import { readUIStream } from '../helpers/read-ui-stream.js';
import { createScratchDatabase, type ServerProcess, startServer } from '../helpers/server-process.js';
import { textOfMessage, userMessage } from '../helpers/ui-messages.js';
import { follow, ScenarioTable, within } from './fixtures.js';

/** About 80 words at 100 ms each: a reply still under way seconds after it starts. */
const LONG_QUESTION =
  'Please walk me through everything you can do for a small marketing team that posts every day on three networks, ' +
  'writes a newsletter each week, records short videos, and keeps its receipts and contracts in order';
/** The claim lapses within its heartbeat TTL (10 s) and a sweep (2 s) finds it: well inside this. */
const CLEAN_END_WITHIN_MS = 20_000;
const GONE = 'The reply was no longer being generated (its server stopped); it is kept as far as it got';
const IDLE = 'No reply is being generated in this conversation';

/**
 * DESIGN "Chat" with several instances on one Redis: the instance generating a reply is killed
 * (SIGKILL) mid-reply. Its claim on the conversation lapses with its heartbeat; the instances
 * still up end the followers cleanly, store the partial reply once as stopped, answer a stop
 * truthfully and take the next message at once. Two replies die: one followed from the two other
 * instances (found by its lapsed claim), one stopped right after the kill (found by the stop).
 */
describe('live replies when the generating instance dies', () => {
  const table = new ScenarioTable();
  let scratch: { url: string; drop: () => Promise<void> };
  let generating: ServerProcess;
  let followers: ServerProcess[] = [];
  let token: string;
  /** Followed from the other instances. */
  let conversationId: string;
  /** Stopped from another instance right after the kill. */
  let stoppedId: string;
  let followed: string[] = [];

  const history = async (server: ServerProcess, id: string) =>
    (await server.json<{ messages: UIMessage[] }>('GET', `/api/assistant/history?id=${id}`, token)).messages;

  beforeAll(async () => {
    scratch = await createScratchDatabase('live_replies_fault');
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      OFFLINE_MODEL_CHUNK_DELAY_MS: '100',
      LOG_LEVEL: 'warn',
    };
    // One first, so the migrations run once; then the two that outlive it.
    generating = await startServer({ env });
    followers = await Promise.all([startServer({ env }), startServer({ env })]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([generating, ...followers].map((server) => server?.dispose()));
    await scratch?.drop();
    table.print('Live replies when the generating instance dies (kill -9), two instances left on one Redis');
  });

  it('followers on the other instances get the reply so far, then [DONE], soon after the generating instance is killed; a stop right after the kill answers 409', async () => {
    const registered = await generating.json<{ accessToken: string }>('POST', '/api/auth/register', undefined, {
      email: `fault-${Date.now()}@example.com`,
      password: 'correct horse battery',
      name: 'Fault',
    });
    token = registered.accessToken;
    const posts = await Promise.all(
      [0, 1].map(() => generating.fetch('/api/assistant/router', { method: 'POST', token, json: { messages: [userMessage(LONG_QUESTION)] } })),
    );
    expect(posts.map((post) => post.status)).toEqual([200, 200]);
    [conversationId, stoppedId] = posts.map((post) => post.headers.get('x-conversation-id')!);
    // The POSTs' own responses die with their instance.
    const own = posts.map(follow);

    const resumed = await Promise.all(followers.map((server) => server.fetch(`/api/assistant/router/${conversationId}/stream`, { token })));
    expect(resumed.map((response) => response.status)).toEqual([200, 200]);
    const readers = resumed.map(follow);
    await waitFor(() => Promise.resolve([...readers, own[1]].every((reader) => reader.deltas() >= 5)), 'five words on every follower', 15_000);

    generating.kill('SIGKILL');
    await generating.exited(10_000);
    const killedAt = Date.now();
    const stop = await followers[1].fetch(`/api/assistant/conversations/${stoppedId}/stop`, { method: 'POST', token });
    const stopBody = (await stop.json()) as { message?: string };
    const stopAfter = Date.now() - killedAt;
    expect({ status: stop.status, message: stopBody.message }).toEqual({ status: 409, message: GONE });
    table.record('stop on another instance right after kill -9', `409 "${GONE}" after ${stopAfter} ms`);

    followed = await within(Promise.all(readers.map((reader) => reader.body)), CLEAN_END_WITHIN_MS, 'the followers’ end');
    const endedAfter = Date.now() - killedAt;
    for (const body of followed) expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    table.record('followers on two other instances after kill -9', `both: the reply so far, then [DONE], ${endedAfter} ms after the kill`);
  }, 90_000);

  it('stores each partial reply once, marked stopped, as far as it was streamed', async () => {
    // The followers' [DONE] and the stop's answer come after the store: no wait needed.
    const followedHistory = await history(followers[0], conversationId);
    expect(followedHistory.map((message) => message.role)).toEqual(['user', 'assistant']);
    const reply = followedHistory[1];
    expect(reply.metadata).toMatchObject({ stopped: true, conversationId });
    const seen = await readUIStream(followed[0]);
    expect(reply.id).toBe(seen.message.id);
    expect(textOfMessage(reply)).toBe(textOfMessage(seen.message));
    expect(textOfMessage(reply)).not.toContain('You wrote');

    const stoppedHistory = await history(followers[1], stoppedId);
    expect(stoppedHistory.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(stoppedHistory[1].metadata).toMatchObject({ stopped: true, conversationId: stoppedId });
    expect(textOfMessage(stoppedHistory[1]).length).toBeGreaterThan(0);
    table.record(
      'history of both conversations',
      `1 assistant reply each, metadata.stopped: true (${textOfMessage(reply).length} characters, as the followers saw it; ${textOfMessage(stoppedHistory[1]).length})`,
    );
  });

  it('answers a later stop with 409 (nothing to stop) and a resume with 204', async () => {
    const server = followers[1];
    const stop = await server.fetch(`/api/assistant/conversations/${conversationId}/stop`, { method: 'POST', token });
    const body = (await stop.json()) as { message?: string };
    expect({ status: stop.status, message: body.message }).toEqual({ status: 409, message: IDLE });
    const resume = await server.fetch(`/api/assistant/router/${conversationId}/stream`, { token });
    expect(resume.status).toBe(204);
    table.record('stop, then resume, after the followers ended', `${stop.status} "${body.message}", then ${resume.status}`);
  });

  it('takes the next message at once in both conversations, after the stored partial reply', async () => {
    for (const [server, id] of [
      [followers[0], conversationId],
      [followers[1], stoppedId],
    ] as const) {
      const messages = await history(server, id);
      const next = await server.fetch('/api/assistant/router', {
        method: 'POST',
        token,
        json: { conversationId: id, messages: [...messages, userMessage('Thanks, the short version please')] },
      });
      expect(next.status).toBe(200);
      const { message } = await readUIStream(await next.text());
      expect(textOfMessage(message)).toContain('You wrote: "Thanks, the short version please"');
      const after = await history(server, id);
      expect(after.map((entry) => entry.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(after[3].metadata).not.toHaveProperty('stopped');
    }
    table.record('a new message in each conversation', '200, answered to the end and stored after the partial reply');
  }, 40_000);
});
