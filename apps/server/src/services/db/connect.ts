import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from './db';
import { createPgliteDb } from './pglite-db';
import { createPostgresDb } from './postgres-db';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in GUILDHALL_DATA_DIR. */
export async function connectDatabase(config: Config, log: FastifyBaseLogger): Promise<Db> {
  if (config.database.url) return createPostgresDb(config.database.url, log, { max: config.database.poolMax });
  log.info({ dataDir: config.database.dataDir }, 'DATABASE_URL is unset: using the embedded database (PGlite)');
  return createPgliteDb(config.database.dataDir);
}
