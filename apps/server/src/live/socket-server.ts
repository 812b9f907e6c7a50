import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { type Namespace, Server } from 'socket.io';
import type { RedisConnection } from '../services/redis';

/** The redis adapter publishes without catching; a failed publish (Redis down) must not become an unhandled rejection. */
function withQuietPublish(client: Redis): Redis {
  const publish = client.publish.bind(client) as (channel: string, message: string | Buffer) => Promise<number>;
  client.publish = ((channel: string, message: string | Buffer) =>
    publish(channel, message).catch(() => 0)) as typeof client.publish;
  return client;
}

/**
 * The Socket.IO server on the app's own HTTP server. With Redis, the adapter carries broadcasts to
 * every process; while Redis is down each process still reaches its own clients.
 */
export function createSocketServer(httpServer: HttpServer, redis: RedisConnection | null): Server {
  const io = new Server(httpServer, { serveClient: false });
  if (redis) {
    const publisher = withQuietPublish(redis.duplicate());
    // The subscriber queues its SUBSCRIBE until Redis answers and re-subscribes after every reconnect.
    const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    io.adapter(createAdapter(publisher, subscriber, { key: `${redis.prefix}socket.io` }));
  }
  return io;
}

/** Disconnects this process's clients and stops accepting new ones; the HTTP server closes with Fastify. */
export async function closeSocketServer(io: Server, namespaces: readonly Namespace[]): Promise<void> {
  io.local.disconnectSockets(true);
  for (const namespace of namespaces) namespace.local.disconnectSockets(true);
  await Promise.allSettled(namespaces.map((namespace) => namespace.adapter.close()));
  io.engine.close();
}
