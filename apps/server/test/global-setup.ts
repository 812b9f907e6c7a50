import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/services/db/migrate';
import { createPgliteDb } from '../src/services/db/pglite-db';
import { createPostgresDb } from '../src/services/db/postgres-db';
import { closeToConnections, createTestDatabase, dropTestDatabase } from './helpers/test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database every migration ran on, which test databases are copied from. */
    migratedDatabase: string;
    /** A data folder whose PGlite cluster every migration ran on, which PGlite test folders are copied from. */
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
  const log = pino({ level: 'silent' });
  const [databaseUrl, pgliteDir] = await Promise.all([
    (async () => {
      const url = await createTestDatabase();
      const db = createPostgresDb(url, log);
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await closeToConnections(url);
      return url;
    })(),
    (async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-test-pglite-template-'));
      const db = await createPgliteDb(dir);
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      return dir;
    })(),
  ]);
  project.provide('migratedDatabase', new URL(databaseUrl).pathname.slice(1));
  project.provide('migratedPgliteDir', pgliteDir);
  return async () => {
    await dropTestDatabase(databaseUrl);
    await rm(pgliteDir, { recursive: true, force: true });
  };
}
