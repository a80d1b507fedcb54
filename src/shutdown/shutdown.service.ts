import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';

/**
 * Work that must wind down before the pools close: given the moment the grace period ends, it
 * resolves once its part is finished (or handed back).
 */
export type Drainer = (deadline: number) => Promise<void>;

/**
 * The graceful stop of one instance. On SIGTERM or SIGINT the entry point stops listening and
 * calls `drain()`: new requests on open connections get 503, and every part that registered a
 * drainer winds down at once, in parallel (queue workers hand their jobs back, replies get the
 * grace period to finish); only then does Nest close the modules and their pools.
 */
@Injectable()
export class ShutdownService {
  private readonly logger = new Logger(ShutdownService.name);
  private readonly drainers = new Map<string, Drainer>();
  private readonly graceMs: number;
  private draining = false;

  constructor(config: ConfigService<AppConfig, true>) {
    this.graceMs = config.get('app', { infer: true }).shutdownGraceSeconds * 1000;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  onDrain(name: string, drainer: Drainer): void {
    this.drainers.set(name, drainer);
  }

  async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    const deadline = Date.now() + this.graceMs;
    const results = await Promise.allSettled(
      [...this.drainers].map(async ([name, drainer]) => {
        await drainer(deadline);
        this.logger.log(`Drained: ${name}`);
      }),
    );
    for (const result of results) {
      if (result.status === 'rejected') this.logger.error(`Drain failed: ${String(result.reason)}`);
    }
  }
}
