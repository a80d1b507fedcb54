import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api, type Caller } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { LiveStreamStore } from '../../../src/live/live-stream.store.js';
import { BROWSER, startSmtpServer, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { type OpenStream, openStream } from '../../helpers/open-stream.js';
import { type PausedRun, pausedRun } from '../../helpers/paused-run.js';
import { joinTeam } from '../../helpers/teams.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { OpenStreamsService } from '../../../src/teams/auth/open-streams.service.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const ENV = { RATE_LIMIT_FREE: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A conversation of the caller's with a reply that stays under way until `end`: its live stream is
 * claimed and started here, as a generator would, so that resumes follow it for as long as a test needs.
 */
async function heldReply(app: INestApplication, caller: Caller): Promise<{ conversationId: string; end: () => Promise<void> }> {
  const { conversationId } = await chat(app, caller, { messages: [userMessage('Hello')] });
  const store = app.get(LiveStreamStore);
  const streamId = `chat:${conversationId}:${randomUUID()}`;
  expect(await store.claim(conversationId, streamId)).toBe(true);
  await store.append(streamId, JSON.stringify({ type: 'start', messageId: randomUUID() }));
  return {
    conversationId,
    end: async () => {
      await store.end(streamId);
      await store.release(conversationId, streamId);
    },
  };
}

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

/** Resolves true when every stream has ended within `ms`, false when one is still open then. */
async function allEndWithin(streams: OpenStream[], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const result = await Promise.race([Promise.all(streams.map((stream) => stream.ended)).then(() => true as const), late]);
  clearTimeout(timer);
  return result;
}

const eventsPath = (run: PausedRun) => `/api/workflows/${run.workflowId}/runs/${run.runId}/events`;

describe('open streams end when the access that opened them ends, on every instance', () => {
  // Two instances on one database, as behind a load balancer; the session cache on, as in production.
  let first: INestApplication;
  let second: INestApplication;
  let smtp: TestSmtpServer;
  let bases: [string, string];
  let owner: TestUser;
  let run: PausedRun;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Redis: a reply generated on one instance is followed on the other.
    const env = { ...ENV, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SESSION_CACHE_SECONDS: '30', REDIS_URL };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
    await resetDatabase(first);
    bases = [await listen(first), await listen(second)];
    owner = await signUp(first);
    run = await pausedRun(first, smtp, owner);
  });
  afterAll(async () => {
    for (const end of held) await end();
    await first.close();
    await second.close();
    await smtp.close();
  });

  /** A new member of the owner's team, working in it. */
  async function newMember(): Promise<TestUser> {
    const member = await signUp(first);
    await joinTeam(first, owner, owner.teamId, member);
    await api(first, member).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    return member;
  }

  /** Another sign-in of the user, working in the owner's team. */
  async function signIn(user: TestUser): Promise<Caller> {
    const response = await api(first).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const caller = { token: response.body.accessToken as string };
    await api(first, caller).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    return caller;
  }

  const held: (() => Promise<void>)[] = [];

  /** The run's events, and a reply under way in the caller's conversation, followed on both instances. */
  async function streamsOf(token: string): Promise<OpenStream[]> {
    const reply = await heldReply(first, { token });
    held.push(reply.end);
    return Promise.all(
      bases.flatMap((base) => [openStream(`${base}${eventsPath(run)}`, token), openStream(`${base}/api/assistant/router/${reply.conversationId}/stream`, token)]),
    );
  }

  it('holds them open while nothing changes', async () => {
    const member = await newMember();
    const streams = await streamsOf(member.token);
    expect(await allEndWithin(streams, 1000)).toBe(false);
    for (const stream of streams) stream.close();
  });

  it("removing a member ends that member's streams in the team within a second", async () => {
    const member = await newMember();
    const streams = await streamsOf(member.token);
    await api(first, owner).delete(`/api/teams/${owner.teamId}/members/${member.userId}`).expect(200);
    expect(await allEndWithin(streams, 1000)).toBe(true);
  });

  it("signing out ends that session's streams", async () => {
    const member = await newMember();
    const streams = await streamsOf(member.token);
    await api(second, member).post('/api/auth/logout').expect(200);
    expect(await allEndWithin(streams, 1000)).toBe(true);
  });

  it("a password change ends the other sign-ins' streams, not the caller's", async () => {
    const member = await newMember();
    const other = await signIn(member);
    const theirs = await streamsOf(other.token);
    const own = await openStream(`${bases[0]}${eventsPath(run)}`, member.token);
    await api(first, member).post('/api/auth/password').send({ currentPassword: member.password, newPassword: 'another horse battery staple' }).expect(200);
    expect(await allEndWithin(theirs, 1000)).toBe(true);
    expect(await allEndWithin([own], 500)).toBe(false);
    own.close();
  });

  it("revoking an API token ends the token's streams", async () => {
    const member = await newMember();
    const created = await api(first, member).post('/api/auth/tokens').send({ name: 'watcher' }).expect(201);
    const streams = await streamsOf(created.body.token as string);
    await api(second, member).delete(`/api/auth/tokens/${created.body.id as string}`).expect(200);
    expect(await allEndWithin(streams, 1000)).toBe(true);
  });
});

describe('idle streams: a heartbeat, and an end when the session expires', () => {
  let app: INestApplication;
  let base: string;
  let owner: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { ...ENV, STREAM_HEARTBEAT_SECONDS: '1' } });
    await resetDatabase(app);
    base = await listen(app);
    owner = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /** The text a stream sends until it contains `wanted`, or its end. */
  async function readUntil(response: Response, wanted: string): Promise<string> {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
      if (text.includes(wanted)) {
        reader.releaseLock();
        return text;
      }
    }
  }

  it('a quiet event stream gets SSE comment lines, between whole events', async () => {
    const reply = await heldReply(app, owner);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/assistant/router/${reply.conversationId}/stream`, {
      headers: { authorization: `Bearer ${owner.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const text = await readUntil(response, ': keep-alive\n\n');
    // The reply's start event, whole, then the comment: a reader of SSE skips it.
    expect(text).toMatch(/^data: \{"type":"start",[^\n]*\}\n\n(: keep-alive\n\n)+$/);
    controller.abort();
    await reply.end();
  });

  it("a session that expires has its streams ended at the next beat, and the same user's API token, unexpired, keeps its own", async () => {
    const reply = await heldReply(app, owner);
    const created = await api(app, owner).post('/api/auth/tokens').send({ name: 'watcher' }).expect(201);
    const [expiring, lasting] = await Promise.all([
      openStream(`${base}/api/assistant/router/${reply.conversationId}/stream`, owner.token),
      openStream(`${base}/api/assistant/router/${reply.conversationId}/stream`, created.body.token as string),
    ]);
    await app.get(DataSource).query(`UPDATE sessions SET expires_at = now() WHERE user_id = $1 AND kind <> 'api_token'`, [owner.userId]);
    expect(await allEndWithin([expiring], 5000)).toBe(true);
    expect(await allEndWithin([lasting], 2500)).toBe(false);
    lasting.close();
    await reply.end();
  });
});

describe('caps on open streams', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let base: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({
      env: { ...ENV, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OPEN_STREAMS_PER_USER: '2', OPEN_STREAMS_PER_TEAM: '3', OPEN_STREAMS_PER_INSTANCE: '4' },
    });
    await resetDatabase(app);
    base = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  async function refused(token: string, path: string, body?: unknown): Promise<{ message: string }> {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    return (await response.json()) as { message: string };
  }

  it('refuses the stream past each cap with 429 and Retry-After, and a closed stream frees its slot', async () => {
    const owner = await signUp(app);
    const run = await pausedRun(app, smtp, owner);
    const colleague = await signUp(app);
    await joinTeam(app, owner, owner.teamId, colleague);
    await api(app, colleague).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    const stranger = await signUp(app);

    // Per user: two.
    const mine = [await openStream(`${base}${eventsPath(run)}`, owner.token), await openStream(`${base}${eventsPath(run)}`, owner.token)];
    expect((await refused(owner.token, eventsPath(run))).message).toMatch(/you have 2 open/i);

    // Per team: three, whoever holds them.
    const theirs = await openStream(`${base}${eventsPath(run)}`, colleague.token);
    expect((await refused(colleague.token, eventsPath(run))).message).toMatch(/team has 3 open/i);

    // Per instance: four, whichever team; a refused chat message starts no reply.
    const reply = await heldReply(app, stranger);
    const following = await openStream(`${base}/api/assistant/router/${reply.conversationId}/stream`, stranger.token);
    expect((await refused(stranger.token, `/api/assistant/router/${reply.conversationId}/stream`)).message).toMatch(/server/i);
    await refused(stranger.token, '/api/assistant/router', { messages: [userMessage('Another chat')] });
    const conversations = await api(app, stranger).get('/api/assistant/conversations').expect(200);
    expect(conversations.body).toHaveLength(1);

    // A stream the client closes gives its slot back.
    mine[0].close();
    const again = await waitFor(async () => {
      const response = await fetch(`${base}${eventsPath(run)}`, { headers: { authorization: `Bearer ${owner.token}` } });
      if (response.status === 200) return response;
      await response.body?.cancel();
      return undefined;
    }, 'the closed stream to free its slot');
    await again.body?.cancel();

    // A stream that ends by itself does too: the run and the reply finish, and their followers' slots are free.
    theirs.close();
    await api(app).get(run.links.approve).set('User-Agent', BROWSER).expect(302);
    await mine[1].ended;
    await reply.end();
    await following.ended;
    await waitFor(() => Promise.resolve(app.get(OpenStreamsService).size === 0 ? true : undefined), 'no slot to be held');
  });

  it('sets the HTTP server limits and keeps streams free of an idle cut-off', () => {
    const server = app.getHttpServer() as import('node:http').Server;
    expect(server.headersTimeout).toBeGreaterThan(0);
    expect(server.requestTimeout).toBeGreaterThan(server.headersTimeout);
    expect(server.keepAliveTimeout).toBeGreaterThan(0);
    expect(server.maxConnections).toBeGreaterThan(4);
    // A socket idle timeout would cut a paused run's event stream, which may stay silent for hours.
    expect(server.timeout).toBe(0);
  });
});
