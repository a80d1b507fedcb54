import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { checkOutboundUrl, OutboundPolicy } from './outbound-policy.js';
import { safeFetch, type OutboundRequestInit } from './safe-fetch.js';

/**
 * Requests to URLs a team gave us, under OUTBOUND_ALLOWED_HOSTS: `check` at registration (throws
 * OutboundUrlError, which the caller turns into a 400), `fetch` at use (DNS checked and pinned,
 * no redirects, timeout and size cap from OUTBOUND_TIMEOUT_MS and OUTBOUND_MAX_RESPONSE_SIZE).
 */
@Injectable()
export class OutboundService {
  private readonly policy: OutboundPolicy;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(config: ConfigService<AppConfig, true>) {
    const settings = config.get('outbound', { infer: true });
    this.policy = new OutboundPolicy(settings.allowedHosts);
    this.timeoutMs = settings.timeoutMs;
    this.maxResponseBytes = settings.maxResponseBytes;
  }

  /** The URL, parsed, when the policy lets requests go to it (no DNS look-up); else OutboundUrlError. */
  check(url: string): URL {
    return checkOutboundUrl(url, this.policy);
  }

  fetch(url: string | URL, init: OutboundRequestInit = {}): Promise<Response> {
    return safeFetch(url, init, { policy: this.policy, timeoutMs: this.timeoutMs, maxResponseBytes: this.maxResponseBytes });
  }
}
