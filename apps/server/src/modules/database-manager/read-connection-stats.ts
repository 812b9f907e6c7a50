import { DATABASE_MANAGER_MESSAGES } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import type { ReadonlyAccess } from '../../services/db/readonly-access';
import { engineLimitsOf } from './engine-limits';
import { selectConnectionCounts, selectDatabaseSize } from './queries';

/**
 * Client connections of the server: active, idle, and waiting, which counts both idle in transaction and
 * waiting on locks (each shown too). PGlite runs inside this process with one connection: it says so, and says
 * what it cannot do (limits). Both say how read-only runs are kept read-only and warn when the app's role is a
 * superuser (access).
 */
export async function readConnectionStats(db: Db, readonlyAccess: ReadonlyAccess) {
  const access = readonlyAccess.current();
  if (db.kind === 'pglite') {
    return {
      active: 1,
      idle: 0,
      waiting: 0,
      idleInTransaction: 0,
      waitingOnLocks: 0,
      max_connections: 1,
      isEmbedded: true,
      note: DATABASE_MANAGER_MESSAGES.embeddedConnections,
      limits: engineLimitsOf(db),
      access,
    };
  }
  const counts = await selectConnectionCounts(db);
  return {
    active: counts.active,
    idle: counts.idle,
    waiting: counts.idle_in_transaction + counts.waiting_on_locks,
    idleInTransaction: counts.idle_in_transaction,
    waitingOnLocks: counts.waiting_on_locks,
    max_connections: counts.max_connections,
    isEmbedded: false,
    note: null,
    limits: engineLimitsOf(db),
    access,
  };
}

/** Spec 2's stats: the connection counts and the database's size on disk. */
export async function readDatabaseStats(db: Db, readonlyAccess: ReadonlyAccess) {
  return { stats: await readConnectionStats(db, readonlyAccess), databaseSizeBytes: await selectDatabaseSize(db) };
}
