import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADMINS, PORTS } from './accounts';
import { runCli, startApp } from './app-server';
import { createDatabase, dropDatabase } from './pg';

/** The settings of the main e2e server, shared with specs that start a server of their own. */
export const STATE_FILE = path.resolve(import.meta.dirname, '../../test-results/e2e-state.json');

// One server for the whole run, on real PostgreSQL, Redis and InfluxDB, on a fresh database.
export default async function globalSetup() {
  const databaseUrl = await createDatabase('guildhall_e2e');
  const influxUrl = `http://127.0.0.1:${process.env.TEST_INFLUX_PORT ?? 18086}`;
  // A database of its own per run, so the demo combat events of earlier runs do not pile up.
  const influxDatabase = `guildhall_e2e_${Date.now().toString(36)}`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `guildhall-e2e-${Date.now()}:`,
    INFLUX_URL: influxUrl,
    INFLUX_DATABASE: influxDatabase,
    ADMIN_USERNAME: ADMINS.owner.username,
    ADMIN_PASSWORD: ADMINS.owner.password,
    ADMIN_LOGIN_RATE_LIMIT: '1000',
    // The journeys sign up more than the default ten members an hour from this one address.
    REGISTER_RATE_LIMIT: '1000',
    HEALTH_CHECK_INTERVAL_MS: '1000',
    // Known, so the token-refresh journey can mint an expired token of a real sign-in.
    JWT_SECRET: 'e2e-only-jwt-secret-0123456789-abcdefghij',
  };
  const server = await startApp('main', PORTS.main, env);
  runCli(env, ['create-admin', '--username', ADMINS.monitor.username, '--password', ADMINS.monitor.password, '--role', 'viewer']);
  runCli(env, ['create-admin', '--username', ADMINS.target.username, '--password', ADMINS.target.password, '--role', 'admin']);
  process.env.E2E_BASE_URL = server.url;
  writeFileSync(STATE_FILE, JSON.stringify({ env }));
  return async () => {
    await server.stop();
    await dropDatabase(databaseUrl);
    await fetch(`${influxUrl}/query`, { method: 'POST', body: new URLSearchParams({ q: `DROP DATABASE "${influxDatabase}"` }) });
  };
}
