import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ADMINS, portsOf } from './accounts';
import { runCli, startApp } from './app-server';
import { createDatabase, dropDatabase } from './pg';

/** The settings of each worker's main e2e server, shared with specs that start a server of their own. */
export const STATE_FILE = path.resolve(import.meta.dirname, '../../test-results/e2e-state.json');

/** What the global setup leaves for the workers: each worker's main server, by parallel index. */
export interface E2eState {
  servers: { url: string; env: Record<string, string> }[];
}

/** Starts one worker's main server on a fresh database, with the admin accounts of accounts.ts. */
async function startMainServer(parallelIndex: number) {
  const databaseUrl = await createDatabase('guildhall_e2e');
  const influxUrl = `http://127.0.0.1:${process.env.TEST_INFLUX_PORT ?? 18086}`;
  // A database of its own per server and run, so the demo combat events of earlier runs do not pile up. The run's
  // time comes last: support/influx.ts reads it back from the name.
  const influxDatabase = `guildhall_e2e_${parallelIndex}_${Date.now().toString(36)}`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `guildhall-e2e-${Date.now()}-${parallelIndex}:`,
    INFLUX_URL: influxUrl,
    INFLUX_DATABASE: influxDatabase,
    ADMIN_USERNAME: ADMINS.owner.username,
    ADMIN_PASSWORD: ADMINS.owner.password,
    ADMIN_LOGIN_RATE_LIMIT: '1000',
    // The journeys sign up more than the default ten members an hour from this one address.
    REGISTER_RATE_LIMIT: '1000',
    // …and sign in more than thirty times in fifteen minutes (a quiet machine runs the journeys that fast).
    LOGIN_RATE_LIMIT: '1000',
    HEALTH_CHECK_INTERVAL_MS: '1000',
    // The session warning journey waits for the live connection's next look at its session.
    SESSION_CHECK_INTERVAL_MS: '2000',
    // Known, so the token-refresh journey can mint an expired token of a real sign-in.
    JWT_SECRET: 'e2e-only-jwt-secret-0123456789-abcdefghij',
    // Fixed, so guild settings' secrets (an AI provider's key) can be stored (issue 15).
    CONFIG_SECRET_KEY: '6e2e0c0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5',
    // Provider calls refuse loopback: only the configuration journeys' OpenAI fake is let through.
    OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${portsOf(parallelIndex).openAiFake}`,
  };
  const server = await startApp(parallelIndex === 0 ? 'main' : `main-${parallelIndex}`, portsOf(parallelIndex).main, env);
  runCli(env, ['create-admin', '--username', ADMINS.monitor.username, '--password', ADMINS.monitor.password, '--role', 'viewer']);
  runCli(env, ['create-admin', '--username', ADMINS.target.username, '--password', ADMINS.target.password, '--role', 'admin']);
  return {
    state: { url: server.url, env },
    stop: async () => {
      await server.stop();
      await dropDatabase(databaseUrl);
      await fetch(`${influxUrl}/query`, {
        method: 'POST',
        body: new URLSearchParams({ q: `DROP DATABASE "${influxDatabase}"` }),
      });
    },
  };
}

// A main server per worker for the whole run, on real PostgreSQL, Redis and InfluxDB, each on a fresh database:
// journeys on one server build on what earlier ones left, so two running side by side must not share one.
export default async function globalSetup(config: FullConfig) {
  const servers = await Promise.all(Array.from({ length: config.workers }, (_, index) => startMainServer(index)));
  const state: E2eState = { servers: servers.map((server) => server.state) };
  writeFileSync(STATE_FILE, JSON.stringify(state));
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
