import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { HttpClient } from './http-client';
import { copyMigratedPglite } from './migrated-pglite';
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
  /** Drops the databases (PostgreSQL, InfluxDB) and deletes the Redis keys the file wrote. */
  dispose(): Promise<void>;
}

// Log directories createTestEnvironment made: an app built in-process gets a folder of its own inside one.
const environmentLogDirs = new Set<string>();

/** How a test file's database starts: as the app's first start leaves it (migrated), or empty. */
export interface EnvironmentOptions {
  /**
   * 'migrated' (the default): a copy of the database the run's global setup migrated, the same for PostgreSQL and
   * for PGlite (GUILDHALL_DATA_DIR gets a copy of the migrated cluster). 'empty': the first start creates the schema
   * (and on PGlite the cluster) itself, for the files that test that start.
   */
  database?: 'migrated' | 'empty';
}

/**
 * Creates the per-file environment: PostgreSQL, or the embedded database when the overrides name a GUILDHALL_DATA_DIR
 * (and no DATABASE_URL).
 */
export async function createTestEnvironment(
  overrides: Record<string, string> = {},
  { database = 'migrated' }: EnvironmentOptions = {},
): Promise<TestEnvironment> {
  const suffix = uniqueSuffix();
  const usesPglite = 'GUILDHALL_DATA_DIR' in overrides && !('DATABASE_URL' in overrides);
  const isMigrated = database === 'migrated';
  if (usesPglite && isMigrated) await copyMigratedPglite(inject('migratedPgliteDir'), overrides.GUILDHALL_DATA_DIR!);
  const databaseUrl = usesPglite ? null : await createTestDatabase({ isMigrated });
  // Log files go to a temporary folder, never into the repository (servers started as processes use it directly).
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-test-logs-'));
  environmentLogDirs.add(logDir);
  const env: Record<string, string> = {
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOG_DIR: logDir,
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
      await dropInfluxDatabases(env.INFLUX_URL!, env.INFLUX_DATABASE!);
      environmentLogDirs.delete(logDir);
      await rm(logDir, { recursive: true, force: true });
    },
  };
}

/**
 * Drops the file's InfluxDB database and the one its apps keep metrics history in (INFLUX_DATABASE + `_metrics`, see
 * influx-history.ts): left behind, every run added some hundred databases that InfluxDB goes on checking and
 * compacting. Only on the test InfluxDB, and only the names createTestEnvironment gave.
 */
async function dropInfluxDatabases(url: string, database: string) {
  if (url !== TEST_INFLUX_URL || !/^guildhall_test_[0-9a-f]+$/.test(database)) return;
  for (const name of [database, `${database}_metrics`]) {
    const params = new URLSearchParams({ q: `DROP DATABASE "${name}"` });
    // InfluxDB not running: nothing was written.
    await fetch(`${url}/query?${params}`, { method: 'POST' })
      .then((answer) => answer.text())
      .catch(() => undefined);
  }
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

/**
 * Builds the app exactly as main.ts does, listens on 127.0.0.1 and a free port. Each app writes its log files into
 * a temporary folder of its own (removed on close) unless the caller named a LOG_DIR.
 */
export async function startTestApp(env: Record<string, string>, tweak?: (config: Config) => void): Promise<TestApp> {
  const config = loadConfig(env);
  const ownLogDir =
    !env.LOG_DIR || environmentLogDirs.has(env.LOG_DIR) ? await mkdtemp(path.join(env.LOG_DIR ?? os.tmpdir(), 'app-')) : null;
  if (ownLogDir) config.logs.dir = ownLogDir;
  tweak?.(config);
  const removeLogDir = async () => {
    if (ownLogDir) await rm(ownLogDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config);
  } catch (error) {
    await removeLogDir();
    throw error;
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    close: async () => {
      await app.close();
      await removeLogDir();
    },
  };
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
