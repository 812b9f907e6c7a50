import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The PostgreSQL server the integration tests use (trust auth on loopback). */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A short random suffix for names that must not collide between test files running at once. */
export const uniqueSuffix = () => randomBytes(5).toString('hex');

/**
 * Creates a database of its own for one test file; returns its URL. Empty, or with `isMigrated` a copy of the database
 * the run's global setup migrated (global-setup.ts): what the app would make of the empty one on its first start.
 */
export async function createTestDatabase(options: { isMigrated?: boolean } = {}): Promise<string> {
  const name = `guildhall_test_${uniqueSuffix()}`;
  await withAdminClient(async (client) => {
    if (!options.isMigrated) return void (await client.query(`CREATE DATABASE ${name}`));
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('migratedDatabase')}`);
    // A copy keeps the template's tables and their grants, but not grants on the database itself: the one migration
    // 0021 gives the read-only role.
    await client.query(`GRANT CONNECT ON DATABASE ${name} TO guildhall_readonly`);
  });
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Closes a migrated database to connections, so it can be copied: CREATE DATABASE … TEMPLATE refuses a database
 * anyone is connected to.
 */
export async function closeToConnections(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await withAdminClient((client) => client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`));
}

/** Drops a database made by createTestDatabase, closing whatever still connects to it. */
export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^guildhall_test_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
