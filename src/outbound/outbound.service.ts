import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { checkOutboundUrl, OutboundPolicy, type ResolvedAddress } from './outbound-policy.js';
import { safeFetch, systemResolver, type OutboundRequestInit } from './safe-fetch.js';

/**
 * How outbound requests resolve a hostname before checking its addresses: the system's resolver
 * (dns.lookup, all addresses). A provider of its own so that a test can answer as a rebinding DNS would.
 */
@Injectable()
export class OutboundResolver {
  resolve(hostname: string): Promise<ResolvedAddress[]> {
    return systemResolver(hostname);
  }
}

/** What a request out is for: each follows its own operator list. */
export type OutboundPurpose = 'webhook' | 'mcp';

/**
 * Requests to URLs a team gave us: webhook deliveries under OUTBOUND_ALLOWED_HOSTS, MCP servers
 * under MCP_ALLOWED_HOSTS (only the hosts it lists). `check` at registration (throws
 * OutboundUrlError, which the caller turns into a 400), `fetch` at use (the same check again, DNS
 * checked and pinned, no redirects, timeout and size cap from OUTBOUND_TIMEOUT_MS and
 * OUTBOUND_MAX_RESPONSE_SIZE).
 */
@Injectable()
export class OutboundService {
  private readonly policies: Record<OutboundPurpose, OutboundPolicy>;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly resolver: OutboundResolver,
  ) {
    const settings = config.get('outbound', { infer: true });
    this.policies = {
      webhook: new OutboundPolicy(settings.allowedHosts),
      mcp: new OutboundPolicy(settings.mcpAllowedHosts, 'MCP_ALLOWED_HOSTS', true),
    };
    this.timeoutMs = settings.timeoutMs;
    this.maxResponseBytes = settings.maxResponseBytes;
  }

  /** The URL, parsed, when the purpose's policy lets requests go to it (no DNS look-up); else OutboundUrlError. */
  check(url: string, purpose: OutboundPurpose): URL {
    return checkOutboundUrl(url, this.policies[purpose]);
  }

  fetch(url: string | URL, purpose: OutboundPurpose, init: OutboundRequestInit = {}): Promise<Response> {
    return safeFetch(url, init, {
      policy: this.policies[purpose],
      timeoutMs: this.timeoutMs,
      maxResponseBytes: this.maxResponseBytes,
      resolve: (hostname) => this.resolver.resolve(hostname),
    });
  }
}
