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
 * A migrated copy is taken ready-made from the run's pool (see fillMigratedPool) when one is there.
 */
export async function createTestDatabase(options: { isMigrated?: boolean } = {}): Promise<string> {
  const name = `guildhall_test_${uniqueSuffix()}`;
  await withAdminClient(async (client) => {
    if (!options.isMigrated) return void (await client.query(`CREATE DATABASE ${name}`));
    const template = inject('migratedDatabase');
    if (await claimPooledCopy(client, template, name)) return;
    await copyMigrated(client, template, name);
  });
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function copyMigrated(client: pg.Client, template: string, name: string) {
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  // A copy keeps the template's tables and their grants, but not grants on the database itself: the one migration
  // 0021 gives the read-only role.
  await client.query(`GRANT CONNECT ON DATABASE ${name} TO guildhall_readonly`);
}

/** The names of one run's ready copies of its migrated database: the template's name keeps two runs apart. */
const poolPrefix = (template: string) => template.replace(/^guildhall_test_/, 'guildhall_pool_');

/**
 * Takes one of the run's ready copies by renaming it to `name`; false when none is left. A rename is atomic: two files
 * reaching for the same copy, one gets it and the other tries the next.
 */
async function claimPooledCopy(client: pg.Client, template: string, name: string): Promise<boolean> {
  const { rows } = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`,
    [`${poolPrefix(template)}_`],
  );
  for (const { datname } of rows) {
    try {
      await client.query(`ALTER DATABASE ${datname} RENAME TO ${name}`);
      return true;
    } catch {
      // Another file took it first.
    }
  }
  return false;
}

/**
 * Keeps a few copies of the migrated database ready while the files run, and drops what is left when stopped. A copy
 * takes about a second (CREATE DATABASE … TEMPLATE writes and syncs every file of some 400 relations), mostly waiting
 * on the disk: made here beside the running files, it is off every file's start.
 */
export function fillMigratedPool(template: string, size = 3): { stop(): Promise<void> } {
  const prefix = poolPrefix(template);
  let isStopped = false;
  const filling = withAdminClient(async (client) => {
    while (!isStopped) {
      const { rows } = await client.query<{ ready: number }>(
        `SELECT count(*)::int AS ready FROM pg_database WHERE starts_with(datname, $1)`,
        [`${prefix}_`],
      );
      if (rows[0]!.ready >= size) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      await copyMigrated(client, template, `${prefix}_${Date.now().toString(36)}${uniqueSuffix()}`);
    }
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [
      `${prefix}_`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
  return {
    async stop() {
      isStopped = true;
      await filling;
    },
  };
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
