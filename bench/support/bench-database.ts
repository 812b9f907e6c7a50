// A PostgreSQL database of the bench's own on TEST_POSTGRES_URL, dropped at the end whatever happens.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs fn with the URL of a new, empty database, and drops it afterwards. */
export async function withBenchDatabase<T>(fn: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `guildhall_bench_${randomBytes(4).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
