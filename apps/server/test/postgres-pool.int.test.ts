import net from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/app-error';
import { createPostgresDb } from '../src/services/db/postgres-db';
import { createTestDatabase, dropTestDatabase } from './helpers/test-database';

const log = pino({ level: 'silent' });
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
});

afterAll(async () => {
  await dropTestDatabase(databaseUrl);
});

describe('the PostgreSQL pool', () => {
  it('queues a query for a busy pool longer than a connection may take to open: late, not lost', async () => {
    const db = createPostgresDb(databaseUrl, log, { max: 1 });
    try {
      const started = Date.now();
      const holding = db.query('SELECT pg_sleep(3.5)');
      const waiting = db.query<{ answer: number }>('SELECT 42 AS answer');
      await holding;
      expect((await waiting).rows).toEqual([{ answer: 42 }]);
      // It waited for the one connection past the 3 s a connection may take to open.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3500);
    } finally {
      await db.close();
    }
  }, 20_000);

  it('says PostgreSQL is unavailable after 3 s when a server takes the connection and never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const db = createPostgresDb(`postgres://postgres@127.0.0.1:${port}/guildhall`, log);
    try {
      const started = Date.now();
      const failure = await db.query('SELECT 1').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).code).toBe('SERVICE_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(6000);
    } finally {
      await db.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 20_000);
});
