import { Global, Module } from '@nestjs/common';
import { DependencyMetrics } from './dependency-metrics.js';
import { MetricsServer } from './metrics.server.js';
import { Metrics } from './metrics.service.js';

/** Global: every feature records into the one registry. */
@Global()
@Module({ providers: [Metrics, MetricsServer, DependencyMetrics], exports: [Metrics, MetricsServer] })
export class MetricsModule {}
