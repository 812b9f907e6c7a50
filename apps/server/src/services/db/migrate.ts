import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';
import { grantReadonlySelect } from './readonly-grants';

/** Any fixed number; every Guildhall process takes the same lock so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_346_215_001;

const here = path.dirname(fileURLToPath(import.meta.url));

/** The migrations folder: beside this file in src/ (tsx, tests), dist/migrations in the bundle. */
export function findMigrationsDir(): string {
  const candidates = [path.join(here, 'migrations'), path.join(here, 'services/db/migrations')];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

/** One committed migration: NNNN_name.sql. */
export interface Migration {
  name: string;
  sql: string;
}

/** The committed migrations in order. */
export function readMigrations(dir = findMigrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * Applies the migrations not applied yet, in one transaction under an advisory lock, so several
 * processes starting at once neither race nor apply one twice; then the read-only role's grants follow the
 * schema and the rules (readonly-grants.ts). Returns the names applied now.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    }
    // New tables and columns, and a hidden-column rule this version changed: the SQL runner's read-only role reads
    // them, never their credentials. At every start, not only after migrations: the rules live in code.
    await grantReadonlySelect(tx);
    return pending.map((migration) => migration.name);
  });
}

/**
 * Makes the read-only role's grants again, under the migration lock: after a write run of the SQL runner, whose
 * CREATE TABLE or ALTER TABLE ... ADD COLUMN would otherwise be unreadable (or a secret column readable) until the
 * next start.
 */
export async function refreshReadonlyGrants(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await grantReadonlySelect(tx);
  });
}
