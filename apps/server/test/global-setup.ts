import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/services/db/migrate';
import { createPostgresDb } from '../src/services/db/postgres-db';
import { startMigratedPglite } from './helpers/migrated-pglite';
import { closeToConnections, createTestDatabase, dropTestDatabase, fillMigratedPool } from './helpers/test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database every migration ran on, which test databases are copied from. */
    migratedDatabase: string;
    /** A folder whose PGlite cluster every migration ran on, which PGlite test folders are copied from. */
    migratedPgliteDir: string;
  }
}

/**
 * Runs the migrations once per test run, on PostgreSQL and on PGlite, instead of once per test file: a file's database
 * is a copy of these (CREATE DATABASE … TEMPLATE, a copied folder), which takes a fraction of a second where migrating
 * takes one (PostgreSQL) or twelve (PGlite: initdb, then the migrations in WebAssembly). The files that test the first
 * start itself ask for an empty database instead (createTestEnvironment's `database: 'empty'`).
 */
export default async function setup(project: TestProject) {
  // The PGlite cluster takes several seconds: the files start meanwhile, and those on PGlite wait for it.
  const pgliteDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-test-pglite-template-'));
  const pglite = startMigratedPglite(pgliteDir);
  const databaseUrl = await createTestDatabase();
  const db = createPostgresDb(databaseUrl, pino({ level: 'silent' }));
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  await closeToConnections(databaseUrl);
  const migratedDatabase = new URL(databaseUrl).pathname.slice(1);
  const pool = fillMigratedPool(migratedDatabase);
  project.provide('migratedDatabase', migratedDatabase);
  project.provide('migratedPgliteDir', pgliteDir);
  return async () => {
    await pool.stop();
    await pglite.stop();
    await dropTestDatabase(databaseUrl);
    await rm(pgliteDir, { recursive: true, force: true });
  };
}
