import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { type RedisConnector, redisConnector } from './redis-connection.js';

/** The connector to the Redis of REDIS_URL, with REDIS_COMMAND_TIMEOUT_MS; none without REDIS_URL (all in memory). */
@Injectable()
export class RedisConnections {
  readonly connect?: RedisConnector;

  constructor(config: ConfigService<AppConfig, true>) {
    const { url, commandTimeoutMs } = config.get('redis', { infer: true });
    this.connect = url ? redisConnector(url, commandTimeoutMs) : undefined;
  }
}
