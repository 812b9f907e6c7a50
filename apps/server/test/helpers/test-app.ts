import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { HttpClient } from './http-client';
import { createTestDatabase, dropTestDatabase, uniqueSuffix } from './test-database';

/** The first admin every test app starts with. */
export const OWNER = { username: 'owner', password: 'owner-Password-123' } as const;

/** Real services on loopback; the lead's CI starts them (InfluxDB 1.x on 18086). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_INFLUX_URL = process.env.TEST_INFLUX_URL ?? 'http://127.0.0.1:18086';

/** A running app on a port of its own, talking real HTTP. */
export interface TestApp {
  app: FastifyInstance;
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** Settings of one test file: its own database, Redis prefix and InfluxDB database. */
export interface TestEnvironment {
  env: Record<string, string>;
  databaseUrl: string | null;
  /** Drops the database and deletes the Redis keys the file wrote. */
  dispose(): Promise<void>;
}

/** Creates the per-file environment; pass `database: 'pglite'` for the embedded database instead. */
export async function createTestEnvironment(overrides: Record<string, string> = {}): Promise<TestEnvironment> {
  const suffix = uniqueSuffix();
  const usesPglite = 'GUILDHALL_DATA_DIR' in overrides && !('DATABASE_URL' in overrides);
  const databaseUrl = usesPglite ? null : await createTestDatabase();
  const env: Record<string, string> = {
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO_DATA: 'false',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `guildhall-test-${suffix}:`,
    INFLUX_URL: TEST_INFLUX_URL,
    INFLUX_DATABASE: `guildhall_test_${suffix}`,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    HEALTH_CHECK_INTERVAL_MS: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  };
  return {
    env,
    databaseUrl,
    async dispose() {
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      await deleteRedisKeys(env.REDIS_PREFIX!);
    },
  };
}

async function deleteRedisKeys(prefix: string) {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    // Redis not running: nothing was written.
  } finally {
    redis.disconnect();
  }
}

/** Builds the app exactly as main.ts does, listens on 127.0.0.1 and a free port. */
export async function startTestApp(env: Record<string, string>, tweak?: (config: Config) => void): Promise<TestApp> {
  const config = loadConfig(env);
  tweak?.(config);
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, config, close: () => app.close() };
}

/** A test file's app with the environment it runs on. */
export interface IsolatedApp {
  environment: TestEnvironment;
  server: TestApp;
}

/** Closes the app before dropping its environment; either is missing when the start failed. */
export async function stopTestApp(server: TestApp | undefined, environment: TestEnvironment | undefined) {
  await server?.close();
  await environment?.dispose();
}

/** Starts an app on an environment of its own; if the start fails, drops what it had made. */
export async function startIsolatedApp(overrides: Record<string, string> = {}): Promise<IsolatedApp> {
  const environment = await createTestEnvironment(overrides);
  try {
    return { environment, server: await startTestApp(environment.env) };
  } catch (error) {
    await environment.dispose();
    throw error;
  }
}

/** As startIsolatedApp, with a client signed in as the owner: how most admin API test files begin. */
export async function startSignedInApp(overrides: Record<string, string> = {}): Promise<IsolatedApp & { owner: HttpClient }> {
  const { environment, server } = await startIsolatedApp(overrides);
  const owner = new HttpClient(server.url);
  try {
    await owner.signIn(OWNER.username, OWNER.password);
  } catch (error) {
    await stopTestApp(server, environment);
    throw error;
  }
  return { environment, server, owner };
}
