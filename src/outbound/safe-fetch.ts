import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { bareHostname, checkOutboundUrl, resolveOutboundAddress, type OutboundPolicy, type Resolver } from './outbound-policy.js';
import { parseIp } from './ip-address.js';

/** An outbound request that failed after its URL passed the policy: a redirect, a timeout, an oversized body, the network. */
export class OutboundRequestError extends Error {
  constructor(
    message: string,
    readonly reason: 'redirect' | 'timeout' | 'too-large' | 'network',
  ) {
    super(message);
  }
}

export interface SafeFetchOptions {
  policy: OutboundPolicy;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Defaults to the system resolver (dns.lookup, all addresses). */
  resolve?: Resolver;
}

export interface OutboundRequestInit {
  method?: string;
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** Overrides the configured timeout for this request (connection to last byte). */
  timeoutMs?: number;
  /** Overrides the configured response size cap for this request. */
  maxResponseBytes?: number;
}

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** Statuses whose Response must have no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * fetch for URLs a team gave us (webhooks, MCP servers): checks the URL (checkOutboundUrl), resolves
 * the host itself and connects only to the address it checked (the socket's lookup is pinned, so a
 * DNS answer that changes between check and connect reaches nothing new), refuses any redirect,
 * and bounds the exchange by a timeout and the body by a size cap. TLS still verifies the
 * certificate against the hostname. Resolves to a standard Response whose body streams.
 */
export async function safeFetch(target: string | URL, init: OutboundRequestInit, options: SafeFetchOptions): Promise<Response> {
  const url = checkOutboundUrl(target.toString(), options.policy);
  const pinned = await resolveOutboundAddress(url, options.policy, options.resolve ?? systemResolver);
  const timeoutMs = init.timeoutMs ?? options.timeoutMs;
  const maxBytes = init.maxResponseBytes ?? options.maxResponseBytes;
  const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const hostname = bareHostname(url);
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  init.signal?.throwIfAborted();

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    let failBody: ((error: Error) => void) | undefined;
    const fail = (error: Error): void => {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onAbort);
      request.destroy();
      if (!settled) {
        settled = true;
        reject(error);
      } else failBody?.(error);
    };
    const onAbort = (): void => fail(init.signal?.reason instanceof Error ? init.signal.reason : new Error('The request was aborted'));
    const timer = setTimeout(() => fail(new OutboundRequestError(`The request to ${url.host} timed out after ${timeoutMs} ms`, 'timeout')), timeoutMs);
    init.signal?.addEventListener('abort', onAbort, { once: true });

    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: init.method ?? 'GET',
      headers,
      agent: false,
      lookup: pinnedLookup,
      ...(url.protocol === 'https:' && parseIp(hostname) === null ? { servername: hostname } : {}),
    });
    request.on('error', (error) => fail(error instanceof OutboundRequestError ? error : new OutboundRequestError(`The request to ${url.host} failed: ${error.message}`, 'network')));
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        const location = response.headers.location;
        fail(new OutboundRequestError(`${url.host} answered with a redirect (${status}${location ? ` to ${location}` : ''}), which outbound requests do not follow`, 'redirect'));
        return;
      }
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, item);
      }
      let received = 0;
      const body = NULL_BODY_STATUSES.has(status)
        ? null
        : new ReadableStream<Uint8Array>({
            start(controller) {
              let open = true;
              failBody = (error) => {
                if (open) controller.error(error);
                open = false;
              };
              response.on('data', (chunk: Buffer) => {
                received += chunk.length;
                if (received > maxBytes) {
                  fail(new OutboundRequestError(`The response from ${url.host} is larger than ${maxBytes} bytes`, 'too-large'));
                  return;
                }
                if (open) controller.enqueue(new Uint8Array(chunk));
              });
              response.on('end', () => {
                clearTimeout(timer);
                init.signal?.removeEventListener('abort', onAbort);
                if (open) controller.close();
                open = false;
              });
              response.on('error', (error) => fail(new OutboundRequestError(`The response from ${url.host} broke off: ${error.message}`, 'network')));
            },
            cancel() {
              clearTimeout(timer);
              request.destroy();
            },
          });
      if (body === null) clearTimeout(timer);
      settled = true;
      resolve(new Response(body, { status, statusText: response.statusMessage, headers: responseHeaders }));
    });
    request.end(init.body);
  });
}

