import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { HttpAdapterHost } from '@nestjs/core';
import type { AppConfig } from '../config/configuration.js';
import { Metrics } from './metrics.service.js';

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), never on the API's address: what it shows
 * (traffic, queue depth, error rates) is for the operator's Prometheus, not for the internet. Off
 * unless METRICS_PORT is set.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** The bound port, once listening (METRICS_PORT=0 picks a free one). */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.config.get('app', { infer: true }).metrics;
    // Only the HTTP app serves metrics: the CLI (an application context, no HTTP adapter) runs
    // beside a serving instance with the same environment and must not take its port.
    if (port === undefined || !this.adapterHost.httpAdapter) return;
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      this.metrics.scrape().then(
        (text) => response.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(text),
        (error: unknown) => {
          this.logger.error(`Metrics scrape failed: ${String(error)}`);
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    this.server = server;
    this.logger.log(`Metrics on http://${host}:${this.port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
