import { type ChildProcess, spawn } from 'node:child_process';
import type { UIMessage } from 'ai';
import { waitFor } from '../helpers/mail-catcher.js';
import { freePort } from '../helpers/ports.js';
import { readUIStream } from '../helpers/read-ui-stream.js';
import type { ServerProcess } from '../helpers/server-process.js';
import { textOfMessage, userMessage } from '../helpers/ui-messages.js';
import { faultCluster, follow, within } from './fixtures.js';

/** About 80 words at 100 ms each: a reply still under way seconds after it starts. */
const LONG_QUESTION =
  'Please walk me through everything you can do for a small marketing team that posts every day on three networks, ' +
  'writes a newsletter each week, records short videos, and keeps its receipts and contracts in order';
/** A command times out after REDIS_COMMAND_TIMEOUT_MS (1 s here), and a reader idles at most 5 s between reads. */
const ENDS_WITHIN_MS = 10_000;
/**
 * What any request may take during the outage: a command timeout or two (1 s each here), never the
 * 30 s a frozen Redis took. Roomy: at a load average of 40 on 2 cores a sign-in (argon2) alone took
 * 7 s, and a chat refused while Redis was frozen 11 s (1.3 s while it was stopped).
 */
const ANSWERS_WITHIN_MS = 15_000;
const PASSWORD = 'correct horse battery';
/** A request that hangs fails its step, naming it, instead of the whole scenario timing out. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A redis-server of the test's own, on a port of its own, without persistence: a restart forgets everything. */
class RedisServer {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again) and resolves once it accepts connections. */
  async restart(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await exited;
  }

  signal(signal: 'SIGSTOP' | 'SIGCONT'): void {
    this.child?.kill(signal);
  }
}

/**
 * Issue #29 item 2: Redis (REDIS_URL) is a dependency like the database. One instance on a Redis
 * the test starts, stops (SIGTERM), restarts and freezes (SIGSTOP/SIGCONT), with replies in flight:
 * they end for their clients within seconds and are stored as stopped; meanwhile readiness and new
 * chats answer 503 `Redis unavailable: …` with Retry-After, sign-in and rate limits work on the
 * instance's memory; everything resumes by itself when Redis is back.
 */
describe('Redis outages', () => {
  const cluster = faultCluster('Redis stopped, restarted and frozen under one instance', { OFFLINE_MODEL_CHUNK_DELAY_MS: '100', LOG_LEVEL: 'warn', REDIS_COMMAND_TIMEOUT_MS: '1000' });
  let redis: RedisServer;
  let server: ServerProcess;
  let token: string;
  let email: string;

  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  const startReplies = async (count: number) => {
    const posts = await Promise.all(
      Array.from({ length: count }, () => server.fetch('/api/assistant/router', { method: 'POST', token, json: { messages: [userMessage(LONG_QUESTION)] } })),
    );
    expect(posts.map((post) => post.status)).toEqual(posts.map(() => 200));
    const followers = posts.map(follow);
    await waitFor(() => Promise.resolve(followers.every((follower) => follower.deltas() >= 3)), 'three words on every reply', 15_000);
    return { ids: posts.map((post) => post.headers.get('x-conversation-id')!), followers };
  };

  const lastReply = async (conversationId: string) =>
    (await server.json<{ messages: UIMessage[] }>('GET', `/api/assistant/history?id=${conversationId}`, token)).messages.at(-1);

  /** Replies in flight end with [DONE] and are stored, marked stopped, as far as their client saw them or further. */
  const expectEndedAndStoredStopped = async ({ ids, followers }: Awaited<ReturnType<typeof startReplies>>, since: number) => {
    const bodies = await within(Promise.all(followers.map((follower) => follower.body)), ENDS_WITHIN_MS, 'the replies in flight to end');
    const endedAfter = Date.now() - since;
    for (const body of bodies) expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    for (const [index, id] of ids.entries()) {
      const reply = await waitFor(async () => {
        const last = await lastReply(id);
        return last?.role === 'assistant' ? last : undefined;
      }, `the stopped reply of ${id} stored`);
      expect(reply.metadata).toMatchObject({ stopped: true });
      const seen = textOfMessage((await readUIStream(bodies[index])).message);
      expect(textOfMessage(reply).startsWith(seen)).toBe(true);
    }
    return endedAfter;
  };

  /** Health and a new chat answer 503 "Redis unavailable" with Retry-After, quickly; sign-in answers 200. */
  const expectOutageAnswers = async (what: string) => {
    const startedAt = Date.now();
    const health = await server.fetch('/api/health', { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const healthAfter = Date.now() - startedAt;
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await health.json()) as { message: string }).message).toMatch(/^Redis unavailable: /);
    expect(healthAfter).toBeLessThan(ANSWERS_WITHIN_MS);

    const chatStartedAt = Date.now();
    const chat = await server.fetch('/api/assistant/router', { method: 'POST', token, json: { messages: [userMessage('Hello there')] }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const chatAfter = Date.now() - chatStartedAt;
    const chatBody = (await chat.json()) as { message: string };
    expect({ status: chat.status, message: chatBody.message }).toMatchObject({ status: 503, message: expect.stringMatching(/^Redis unavailable: /) });
    expect(chat.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(chatAfter).toBeLessThan(ANSWERS_WITHIN_MS);

    const signInStartedAt = Date.now();
    const signIn = await server.fetch('/api/auth/login', { method: 'POST', json: { email, password: PASSWORD }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const signInAfter = Date.now() - signInStartedAt;
    expect(signIn.status).toBe(200);
    expect(signInAfter).toBeLessThan(ANSWERS_WITHIN_MS);
    cluster.table.record(
      `${what}: health, a new chat, sign-in`,
      `${health.status} in ${healthAfter} ms; ${chat.status} "${chatBody.message}" in ${chatAfter} ms; ${signIn.status} in ${signInAfter} ms`,
    );
  };

  /** Readiness comes back by itself, and a chat is answered to its end and stored. */
  const expectResumed = async (what: string, since: number) => {
    await waitFor(async () => (await server.fetch('/api/health', { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })).ok, 'health to answer 200 again', 15_000);
    const healthyAfter = Date.now() - since;
    const chat = await server.fetch('/api/assistant/router', { method: 'POST', token, json: { messages: [userMessage('Are you back?')] }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    expect(chat.status).toBe(200);
    const { message } = await readUIStream(await chat.text());
    expect(textOfMessage(message)).toContain('You wrote: "Are you back?"');
    const stored = await lastReply(chat.headers.get('x-conversation-id')!);
    expect(stored?.metadata).not.toHaveProperty('stopped');
    cluster.table.record(`${what}`, `health 200 ${healthyAfter} ms later; a new chat answered to its end and stored`);
  };

  it('Redis stopped mid-reply: the replies in flight end with [DONE] and are stored as stopped; health and new chats answer 503 with Retry-After, sign-in works', async () => {
    server = await cluster.start({ REDIS_URL: redis.url });
    email = `redis-${Date.now()}@example.com`;
    ({ accessToken: token } = await server.json<{ accessToken: string }>('POST', '/api/auth/register', undefined, { email, password: PASSWORD, name: 'Redis' }));
    const replies = await startReplies(3);

    await redis.stop();
    const stoppedAt = Date.now();
    try {
      const endedAfter = await expectEndedAndStoredStopped(replies, stoppedAt);
      cluster.table.record('Redis stopped (SIGTERM) with 3 replies in flight', `all 3 ended with [DONE] ${endedAfter} ms later, stored with stopped: true`);
      await expectOutageAnswers('Redis stopped');
    } finally {
      await redis.restart();
    }
    await expectResumed('Redis restarted (empty)', Date.now());
  }, 240_000);

  it('Redis frozen mid-reply (SIGSTOP): the replies end with [DONE] and are stored as stopped; requests answer within seconds; SIGCONT resumes', async () => {
    // Each scenario starts with no server running (faultCluster): a new one on the same database.
    server = await cluster.start({ REDIS_URL: redis.url });
    ({ accessToken: token } = await server.json<{ accessToken: string }>('POST', '/api/auth/login', undefined, { email, password: PASSWORD }));
    const replies = await startReplies(2);

    redis.signal('SIGSTOP');
    const frozenAt = Date.now();
    try {
      const endedAfter = await expectEndedAndStoredStopped(replies, frozenAt);
      cluster.table.record('Redis frozen (SIGSTOP) with 2 replies in flight', `both ended with [DONE] ${endedAfter} ms later, stored with stopped: true`);
      await expectOutageAnswers('Redis frozen');
    } finally {
      redis.signal('SIGCONT');
    }
    await expectResumed('Redis thawed (SIGCONT)', Date.now());
  }, 240_000);
});
