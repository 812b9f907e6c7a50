import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { type Namespace, Server } from 'socket.io';
import type { RedisConnection } from '../services/redis';

/** The adapter's calls on its clients that return promises it never awaits. */
const UNAWAITED_COMMANDS = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

/**
 * The redis adapter fires these commands without catching them; while Redis is down (or as the app
 * closes) they reject, and an unhandled rejection must not take the process down. Their failures are
 * dropped: a lost broadcast is the price of an outage, and ioredis re-subscribes once Redis is back.
 */
function withQuietCommands(client: Redis): Redis {
  for (const name of UNAWAITED_COMMANDS) {
    const command = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.assign(client, { [name]: (...args: unknown[]) => command(...args).catch(() => undefined) });
  }
  return client;
}

/**
 * The Socket.IO server on the app's own HTTP server. With Redis, the adapter carries broadcasts to
 * every process; while Redis is down each process still reaches its own clients.
 */
export function createSocketServer(httpServer: HttpServer, redis: RedisConnection | null): Server {
  const io = new Server(httpServer, { serveClient: false });
  if (redis) {
    const publisher = withQuietCommands(redis.duplicate());
    // The subscriber queues its SUBSCRIBE until Redis answers and re-subscribes after every reconnect.
    const subscriber = withQuietCommands(redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null }));
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
