import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { UsageLedger } from '../../../src/usage/usage-ledger.service.js';
import { api } from '../../helpers/api.js';
import { contractViolation } from '../../helpers/contract.js';
import { snapshotDatabase } from '../../helpers/database-snapshot.js';
import {
  fieldMustRefuse,
  HOSTILE_PARAMS,
  HOSTILE_VALUES,
  hostileBodies,
  type Schema,
} from '../../helpers/hostile-values.js';
import { BROWSER, startSmtpServer, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { pausedRun } from '../../helpers/paused-run.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** Bytes the chat routes take (BODY_LIMIT's default) and every other route (DEFAULT_BODY_LIMIT's). */
const LARGE_BODY_ROUTES = ['/api/assistant/router', '/v1/chat/completions', '/v1/responses'];
const BODY_LIMITS = { large: 5 * 1024 * 1024, default: 64 * 1024 };
/** Requests in flight at once within a batch. */
const CONCURRENCY = 8;
/** What no response body may show: a stack frame, a source path, SQL or a database error. */
const LEAK = /\n\s+at |\.[jt]s:\d+|node_modules|QueryFailedError|TypeORM|\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|\bDELETE FROM\b|syntax error at|violates .* constraint|invalid input syntax|duplicate key/i;
const PLACEHOLDER = '"__hostile_value__"';

type CallerName = 'owner' | 'other team' | 'signed out';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  /** Present on routes that need a session or token. */
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

interface Probe {
  label: string;
  method: string;
  url: string;
  contentType?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The answer must be a 4xx. */
  refused: boolean;
}

/** One slot of one route (a parameter, a body field, the body) probed by one caller with every hostile value. */
interface Batch {
  caller: CallerName;
  probes: Probe[];
}

interface Outcome {
  probe: Probe;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

describe('hostile-input sweep: every route of the OpenAPI document, every parameter and body field, as owner, another team and signed out', () => {
  let app: NestExpressApplication;
  let smtp: TestSmtpServer;
  let dataSource: DataSource;
  let baseUrl: string;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const tokens: Record<CallerName, string | undefined> = { owner: undefined, 'other team': undefined, 'signed out': undefined };
  /** Real ids of the owner's resources, put in paths and required parameters. */
  let ids: { team: string; workflow: string; draftWorkflow: string; run: number; conversation: string; asset: number; apiToken: string; response: string };
  let approvalTokens: { plan: string; step: string };
  /** Body values the document's examples and types would get wrong: `{ 'POST /path': { field: value } }`. */
  let baselines: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        RATE_LIMIT_FREE: '1000000',
        LOGIN_RATE_LIMIT_PER_IP: '1000000',
        LOGIN_RATE_LIMIT_PER_EMAIL: '1000000',
        LOG_LEVEL: 'fatal',
      },
    });
    await resetDatabase(app);
    dataSource = app.get(DataSource);
    const server = app.getHttpServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const [owner, other]: TestUser[] = [await signUp(app), await signUp(app)];
    tokens.owner = owner.token;
    tokens['other team'] = other.token;
    const run = await pausedRun(app, smtp, owner);
    const draft = await createWorkflow(app, owner, { goal: 'Write a LinkedIn post about our launch' });
    const planMail = await mailTo(smtp, owner.email, /^Approve the plan/, 2);
    const apiToken = await api(app, owner).post('/api/auth/tokens').send({ name: 'Sweep' }).expect(201);
    const assets = await api(app, owner).get('/api/assets').expect(200);
    const response = await api(app, owner).post('/v1/responses').send({ model: 'general', input: 'Hello' }).expect(200);
    ids = {
      team: owner.teamId,
      workflow: run.workflowId,
      draftWorkflow: draft.workflowId,
      run: run.runId,
      conversation: run.conversationId,
      asset: (assets.body as { id: number }[])[0].id,
      apiToken: (apiToken.body as { id: string }).id,
      response: (response.body as { id: string }).id,
    };
    const tokenOf = (link: string) => new URL(link, baseUrl).searchParams.get('token')!;
    approvalTokens = { plan: tokenOf(planMail.links.find((link) => link.includes(`/${draft.workflowId}/approve?token=`))!), step: tokenOf(run.links.reject) };
    baselines = {
      // The document types messages only as objects; a chat client's message is one.
      'POST /api/assistant/router': { messages: [userMessage('Hello')] },
      'POST /v1/chat/completions': { model: 'router', messages: [{ role: 'user', content: 'Hello' }] },
      'POST /v1/responses': { model: 'router', input: 'Hello' },
      // Sign-ups use an address of their own, so that no hostile password becomes the login probes' password.
      'POST /api/auth/register': { email: 'sweep-sign-up@example.com' },
      // The approval links' form posts carry the mailed tokens.
      'POST /api/workflows/resume': { token: approvalTokens.step },
      'POST /api/workflows/{id}/approve': { token: approvalTokens.plan },
    };
  });
  afterAll(async () => {
    agent.destroy();
    await app.close();
    await smtp.close();
  });

  /** A real value for a path or required query parameter: the owner's resource it names. */
  function realParam(path: string, name: string): string {
    if (path === '/api/workflows/{id}/approve') return name === 'id' ? ids.draftWorkflow : approvalTokens.plan;
    if (path === '/api/workflows/resume') return name === 'token' ? approvalTokens.step : 'reject';
    // A token of another kind: the sweep's requests reach the check, and no real value turns the owner's digest off.
    if (path === '/api/approvals/digest/unsubscribe') return approvalTokens.step;
    if (path === '/v1/models/{id}') return 'router';
    if (path === '/v1/responses/{id}') return ids.response;
    if (name === 'runId') return String(ids.run);
    if (name === 'conversationId' || path.startsWith('/api/assistant/')) return ids.conversation;
    if (path.startsWith('/api/auth/tokens/')) return ids.apiToken;
    if (path.startsWith('/api/teams/')) return ids.team;
    if (path.startsWith('/api/assets/')) return String(ids.asset);
    if (path.startsWith('/api/workflows/')) return ids.workflow;
    throw new Error(`No real value for ${name} of ${path}: add one`);
  }

  function batchesOf(document: OpenApiDocument): Batch[] {
    const batches: Batch[] = [];
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
        const real = Object.fromEntries(parameters.filter((p) => p.in === 'path' || p.required).map((p) => [p.name, encodeURIComponent(realParam(template, p.name))]));
        const urlWith = (values: Record<string, string>) => {
          const path = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);
          const query = parameters.filter((p) => p.in === 'query' && values[p.name] !== undefined).map((p) => `${p.name}=${values[p.name]}`);
          return query.length > 0 ? `${path}?${query.join('&')}` : path;
        };
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const route = `${method.toUpperCase()} ${template}`;
        // A route the document marks public ignores credentials: it is probed once, signed out. Another
        // team differs from the owner only where the request names the owner's resources.
        const callers: CallerName[] = !operation.security
          ? ['signed out']
          : Object.keys(real).length > 0
            ? ['owner', 'other team', 'signed out']
            : ['owner', 'signed out'];
        const add = (probes: Probe[]) => batches.push(...callers.map((caller) => ({ caller, probes })));
        const baseline = bodySchema ? baselineOf(bodySchema, document, baselines[route] ?? {}, '') : undefined;
        const json = baseline === undefined ? undefined : JSON.stringify(baseline);

        for (const parameter of parameters) {
          const probes: Probe[] = HOSTILE_PARAMS.map((value) => ({
            label: `${route} ${parameter.in} ${parameter.name} = ${value.label}`,
            method,
            url: urlWith({ ...real, [parameter.name]: value.encoded }),
            contentType: json && 'application/json',
            body: json,
            refused: value.refused,
          }));
          if (parameter.in === 'query') {
            // The parameter twice, and in the bracket syntax extended query parsers read as an object.
            const others = urlWith(Object.fromEntries(Object.entries(real).filter(([name]) => name !== parameter.name)));
            const joiner = others.includes('?') ? '&' : '?';
            for (const [label, query] of [['repeated', `${parameter.name}=a&${parameter.name}=b`], ['as an object', `${parameter.name}[a]=b`]]) {
              probes.push({ label: `${route} query ${parameter.name} ${label}`, method, url: `${others}${joiner}${query}`, contentType: json && 'application/json', body: json, refused: false });
            }
          }
          add(probes);
        }
        if (!bodySchema) continue;
        for (const field of fieldsOf(bodySchema, document)) {
          const withPlaceholder = bodyWith(baseline, field.path);
          add(
            HOSTILE_VALUES.map((value) => ({
              label: `${route} body ${field.path} = ${value.label}`,
              method,
              url: urlWith(real),
              contentType: 'application/json',
              body: withPlaceholder.replace(PLACEHOLDER, value.json),
              refused: fieldMustRefuse(value, field.schema, field.required),
            })),
          );
        }
        const limit = LARGE_BODY_ROUTES.includes(template) ? BODY_LIMITS.large : BODY_LIMITS.default;
        add(
          hostileBodies(baseline, limit).map((body) => ({
            label: `${route} body: ${body.label}`,
            method,
            url: urlWith(real),
            contentType: body.contentType,
            body: body.body,
            headers: body.headers,
            refused: body.refused,
          })),
        );
      }
    }
    return batches;
  }

  /** Sends a probe over a kept-alive connection and reads the whole answer (streams to their end) as text. */
  function send(caller: CallerName, probe: Probe): Promise<Outcome> {
    const headers: Record<string, string | number> = { 'User-Agent': BROWSER, ...probe.headers };
    const token = tokens[caller];
    if (token) headers.Authorization = `Bearer ${token}`;
    if (probe.body !== undefined) {
      headers['Content-Type'] = probe.contentType!;
      headers['Content-Length'] = Buffer.byteLength(probe.body);
    }
    return new Promise((resolve, reject) => {
      const call = httpRequest(`${baseUrl}${probe.url}`, { method: probe.method.toUpperCase(), headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ probe, status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      });
      call.on('error', reject);
      call.end(probe.body);
    });
  }

  /** What is wrong with an answer, if anything. */
  function problemsOf(outcome: Outcome): string[] {
    const problems: string[] = [];
    if (outcome.status >= 500) problems.push(`answered ${outcome.status}`);
    if (outcome.probe.refused && outcome.status < 400) problems.push(`answered ${outcome.status}, not a refusal`);
    if (LEAK.test(outcome.text)) problems.push(`leaks internals: ${outcome.text.slice(0, 200)}`);
    // Hostile or not, an answer is one the document describes: its status listed, its body its schema.
    const answer = { req: { method: outcome.probe.method.toUpperCase(), path: outcome.probe.url }, status: outcome.status, headers: outcome.headers, body: outcome.json };
    const violation = contractViolation(app, answer as unknown as Parameters<typeof contractViolation>[1]);
    if (violation) problems.push(violation.message);
    const body = outcome.json as { statusCode?: unknown; error?: unknown; message?: unknown } | undefined;
    if (outcome.status >= 400 && body !== undefined && outcome.probe.url.startsWith('/v1/')) {
      // The OpenAI-compatible API answers in OpenAI's error shape.
      const error = body.error as { message?: unknown; type?: unknown } | undefined;
      if (typeof error?.message !== 'string' || typeof error.type !== 'string') problems.push(`error body is not OpenAI's {error: {message, type}}: ${outcome.text.slice(0, 200)}`);
    } else if (outcome.status >= 400 && body !== undefined && (body.statusCode !== outcome.status || typeof body.error !== 'string' || body.message === undefined)) {
      problems.push(`error body is not {statusCode, error, message}: ${outcome.text.slice(0, 200)}`);
    }
    return problems;
  }

  const isRefusal = (outcome: Outcome) => outcome.status >= 400 && outcome.status < 500;

  /**
   * Whether work set going by accepted requests is under way: a queued or running job (plan
   * generation, step execution, approval mail), a run executing, or usage rows the ledger has not
   * written yet (written now rather than at its next flush).
   */
  async function busy(): Promise<boolean> {
    const ledger = app.get(UsageLedger);
    if (ledger.pendingRows > 0) {
      await ledger.flush();
      return true;
    }
    const [{ count }] = await dataSource.query<{ count: number }[]>(
      `SELECT (SELECT count(*) FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now())::int
            + (SELECT count(*) FROM workflow_runs WHERE status = 'running')::int AS count`,
    );
    return count > 0;
  }

  /** Waits until nothing is under way and two reads of the database agree; returns the last read. */
  async function settle(): Promise<Record<string, string>> {
    let previous: Record<string, string> | undefined;
    return waitFor(
      async () => {
        if (await busy()) return (previous = undefined);
        const current = await snapshotDatabase(dataSource);
        const stable = previous !== undefined && JSON.stringify(previous) === JSON.stringify(current);
        previous = current;
        return stable ? current : undefined;
      },
      'the work of accepted requests to finish',
      30_000,
    );
  }

  it('answers every hostile request with a 4xx or a success, never a 5xx, a stack or SQL; a refused request changes nothing in the database', async () => {
    const document = (await send('signed out', { label: 'the OpenAPI document', method: 'get', url: '/api/openapi.json', refused: false })).json as OpenApiDocument;
    const batches = batchesOf(document);
    const failures: string[] = [];
    const counts: Record<CallerName, number> = { owner: 0, 'other team': 0, 'signed out': 0 };
    let refused = 0;
    let before = await settle();

    for (const batch of batches) {
      const outcomes = await inParallel(batch.probes, (probe) => send(batch.caller, probe));
      counts[batch.caller] += outcomes.length;
      for (const outcome of outcomes) for (const problem of problemsOf(outcome)) failures.push(`${batch.caller}: ${outcome.probe.label}: ${problem}`);
      refused += outcomes.filter(isRefusal).length;

      const after = await snapshotDatabase(dataSource);
      const changed = JSON.stringify(after) !== JSON.stringify(before);
      if (outcomes.every(isRefusal)) {
        if (changed) failures.push(`${batch.caller}: ${batch.probes[0].label} and the rest of its batch, all refused, changed ${changedTables(before, after)}`);
        before = after;
        continue;
      }
      if (!changed && !(await busy())) {
        before = after;
        continue;
      }
      // Accepted requests changed things: check the refused ones again, one at a time.
      before = await settle();
      for (const outcome of outcomes.filter(isRefusal)) {
        const again = await send(batch.caller, outcome.probe);
        counts[batch.caller] += 1;
        const afterOne = isRefusal(again) ? await snapshotDatabase(dataSource) : await settle();
        if (isRefusal(again) && JSON.stringify(afterOne) !== JSON.stringify(before)) {
          failures.push(`${batch.caller}: ${outcome.probe.label}: refused (${again.status}) but changed ${changedTables(before, afterOne)}`);
        }
        before = afterOne;
      }
    }

    const total = counts.owner + counts['other team'] + counts['signed out'];
    console.log(
      `Hostile-input sweep: ${total} requests (owner ${counts.owner}, other team ${counts['other team']}, signed out ${counts['signed out']}) ` +
        `over ${Object.keys(document.paths).length} paths; ${refused} refused, ${failures.length} problems`,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures.slice(0, 40)).toEqual([]);
    // Bounded work (about 570 batches over 95 paths: ~100 s on a quiet machine, 444 s and once
    // over 600 s beside a second suite and stress-ng), not a timed measure: the bound only keeps
    // a hung request from holding the suite.
  }, 1_200_000);

  describe('bounded work per request (#28)', () => {
    /** An object of `count` distinct members, as JSON. */
    const wideObject = (count: number) => `{${Array.from({ length: count }, (_, index) => `"k${index}":0`).join(',')}}`;
    /** Far above the milliseconds these take, far below what they took (400,000 keys: 415 s; 99,000 spaces: 274 s). */
    const GENEROUS_MS = 10_000;

    async function timedSend(caller: CallerName, probe: Omit<Probe, 'refused'>): Promise<Outcome & { ms: number }> {
      const started = performance.now();
      const outcome = await send(caller, { ...probe, refused: false });
      return { ...outcome, ms: performance.now() - started };
    }

    it('refuses a body with an object of 400,000 keys (4.9 MB) or 5,000 (a sign-in under 64 KB) before parsing it, with a 400 that says why', async () => {
      const chat = await timedSend('owner', { label: 'wide chat body', method: 'post', url: '/api/assistant/router', contentType: 'application/json', body: wideObject(400_000) });
      expect(chat.status).toBe(400);
      expect(chat.json).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Request body has an object with more than 1024 members' });
      expect(chat.ms).toBeLessThan(GENEROUS_MS);
      const nested = JSON.stringify({ messages: [{ ...userMessage('Hello'), metadata: JSON.parse(wideObject(2_000)) as unknown }] });
      const inMessage = await timedSend('owner', { label: 'wide metadata', method: 'post', url: '/api/assistant/router', contentType: 'application/json', body: nested });
      expect(inMessage.status).toBe(400);
      const login = await timedSend('signed out', { label: 'wide sign-in', method: 'post', url: '/api/auth/login', contentType: 'application/json', body: wideObject(5_000) });
      expect(login.status).toBe(400);
      expect((login.json as { message: string }).message).toBe('Request body has an object with more than 1024 members');
      expect(login.ms).toBeLessThan(GENEROUS_MS);
    });

    it('names five unknown fields and counts the others', async () => {
      const fields = Object.fromEntries(Array.from({ length: 1_000 }, (_, index) => [`extra${index}`, 'x']));
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password', ...fields });
      const outcome = await timedSend('signed out', { label: 'unknown fields', method: 'post', url: '/api/auth/login', contentType: 'application/json', body });
      expect(outcome.status).toBe(400);
      expect((outcome.json as { message: string[] }).message).toEqual([
        ...[0, 1, 2, 3, 4].map((index) => `extra${index}: property extra${index} should not exist`),
        'and 995 more fields that should not exist',
      ]);
      expect(outcome.text.length).toBeLessThan(1_000);
    });

    it('answers chat messages of runs of whitespace and separators, in several text parts, from the offline model in time', async () => {
      for (const run of [' ', '\n', ', ', ' \t']) {
        const bomb = run.repeat(Math.floor(99_000 / run.length));
        const parts = [`Write a LinkedIn post${bomb}x`, `${bomb}for review`, bomb].map((text) => ({ type: 'text' as const, text }));
        const message = { ...userMessage('unused'), parts };
        const outcome = await timedSend('owner', {
          label: 'whitespace bomb',
          method: 'post',
          url: '/api/assistant/router',
          contentType: 'application/json',
          body: JSON.stringify({ messages: [message], modelId: 'offline' }),
        });
        expect(outcome.status).toBe(200);
        expect(outcome.text).toContain('"type":"finish"');
        expect(outcome.ms).toBeLessThan(GENEROUS_MS);
      }
    }, 120_000);
  });
});

function changedTables(before: Record<string, string>, after: Record<string, string>): string {
  return Object.keys({ ...before, ...after })
    .filter((table) => before[table] !== after[table])
    .join(', ');
}

function resolve(schema: Schema, document: OpenApiDocument): Schema {
  return schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;
}

/** A valid-looking body: required fields only, from `overrides` (by field path), examples, enums and types. */
function baselineOf(schema: Schema, document: OpenApiDocument, overrides: Record<string, unknown>, path: string): unknown {
  const resolved = resolve(schema, document);
  if (path in overrides) return overrides[path];
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.enum) return resolved.enum[0];
  switch (resolved.type) {
    case 'integer':
    case 'number':
      return resolved.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array':
      return [baselineOf(resolved.items ?? {}, document, overrides, `${path}.0`)];
    case 'string':
      return 'Sweep value';
    default:
      return Object.fromEntries(
        (resolved.required ?? []).map((name) => [name, baselineOf(resolved.properties![name], document, overrides, path ? `${path}.${name}` : name)]),
      );
  }
}

/** Every field of a body schema, nested objects and the first item of arrays of objects included. */
function fieldsOf(schema: Schema, document: OpenApiDocument, prefix = ''): { path: string; schema: Schema; required: boolean }[] {
  const resolved = resolve(schema, document);
  return Object.entries(resolved.properties ?? {}).flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const field = { path, schema: resolve(property, document), required: (resolved.required ?? []).includes(name) };
    const items = field.schema.type === 'array' && field.schema.items ? resolve(field.schema.items, document) : undefined;
    return [field, ...(items?.properties ? fieldsOf(items, document, `${path}.0`) : [])];
  });
}

/**
 * The body with the value at `path` replaced by the placeholder, as JSON text. A field inside an
 * optional list or object the baseline leaves out gets that container made around it (a list's
 * item then lacks its other fields, so such a body may be refused whatever the value).
 */
function bodyWith(baseline: unknown, path: string): string {
  const copy = structuredClone(baseline) as Record<string, unknown>;
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  keys.slice(0, -1).forEach((key, index) => {
    target[key] ??= /^\d+$/.test(keys[index + 1]) ? [] : {};
    target = target[key] as Record<string, unknown>;
  });
  target[keys.at(-1)!] = '__hostile_value__';
  return JSON.stringify(copy);
}

async function inParallel<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(workers);
  return results;
}
