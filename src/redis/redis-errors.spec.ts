import { createServer, type Server, type Socket } from 'node:net';
import type { Redis } from 'ioredis';
import { freePort } from '../../test/helpers/ports.js';
import { redisConnector } from './redis-connection.js';
import { redisUnavailableReason } from './redis-errors.js';

/** The errors ioredis really gives a command, through the connector every store uses. */
describe('redisUnavailableReason', () => {
  const connections: Redis[] = [];
  const connect = (port: number) => {
    const redis = redisConnector(`redis://127.0.0.1:${port}`, 300)('spec');
    connections.push(redis);
    return redis;
  };
  afterAll(() => {
    for (const redis of connections) redis.disconnect();
  });

  it('names a Redis nobody listens for "not reachable", within about a reconnect', async () => {
    const startedAt = Date.now();
    const error = await connect(await freePort())
      .ping()
      .catch((caught: unknown) => caught);
    expect(redisUnavailableReason(error)).toMatch(/^(not reachable|command timed out)$/);
    expect(Date.now() - startedAt).toBeLessThan(2000);
  });

  it('names a Redis that accepts the connection but never answers (frozen) "command timed out"', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    try {
      const error = await connect(port)
        .ping()
        .catch((caught: unknown) => caught);
      expect(redisUnavailableReason(error)).toBe('command timed out');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('finds the reason in a cause, and nothing in other errors', () => {
    expect(redisUnavailableReason(new Error('Could not append', { cause: new Error('Command timed out') }))).toBe('command timed out');
    expect(redisUnavailableReason(new Error('ERR wrong number of arguments'))).toBeUndefined();
    expect(redisUnavailableReason('Command timed out')).toBeUndefined();
  });
});
