import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

/** Creates an empty database of its own for one test file; returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `guildhall_test_${uniqueSuffix()}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createTestDatabase, closing whatever still connects to it. */
export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^guildhall_test_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
