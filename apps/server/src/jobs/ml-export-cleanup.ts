import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../services/db/db';
import { PeriodicJob } from './periodic-job';

const HOUR_MS = 60 * 60 * 1000;

/** How often the cleanup runs and how long an export may stay "running" before a restart calls it failed. */
export interface MlExportCleanupSettings {
  /** The first run, this long after the app started. */
  firstRunDelayMs: number;
  intervalMs: number;
  /** Exports removed per run. */
  batchSize: number;
  /** A running export older than this was cut short (a restart, a crash): it is marked failed. */
  staleRunningMs: number;
}

/** Shortly after start, then hourly. */
export const ML_EXPORT_CLEANUP_DEFAULTS: MlExportCleanupSettings = {
  firstRunDelayMs: 5_000,
  intervalMs: HOUR_MS,
  batchSize: 500,
  staleRunningMs: HOUR_MS,
};

/**
 * Removes expired dataset exports: each one's folder under the exports directory, then its row (so a folder whose
 * removal failed is tried again next run). Running exports left over from a stopped process are marked failed.
 * Returns how many exports were removed.
 */
export async function removeExpiredExports(
  db: Queryable,
  dir: string,
  settings: Pick<MlExportCleanupSettings, 'batchSize' | 'staleRunningMs'> = ML_EXPORT_CLEANUP_DEFAULTS,
  now = new Date(),
): Promise<{ removed: number; markedFailed: number }> {
  const stale = await db.query(
    `UPDATE ml_exports SET status = 'failed', error = 'The export was interrupted', finished_at = $1
      WHERE status = 'running' AND created_at < $2`,
    [now, new Date(now.getTime() - settings.staleRunningMs)],
  );
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM ml_exports WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2',
    [now, settings.batchSize],
  );
  const root = path.resolve(dir);
  let removed = 0;
  for (const { id } of rows) {
    const folder = path.resolve(root, id);
    if (!folder.startsWith(`${root}${path.sep}`)) continue;
    await rm(folder, { recursive: true, force: true });
    removed += (await db.query('DELETE FROM ml_exports WHERE id = $1', [id])).rowCount;
  }
  return { removed, markedFailed: stale.rowCount };
}

/** Starts the cleanup with the app (shortly after start, then hourly); it stops before the database closes. */
export function registerMlExportCleanup(app: FastifyInstance, settings: Partial<MlExportCleanupSettings> = {}): PeriodicJob {
  const merged = { ...ML_EXPORT_CLEANUP_DEFAULTS, ...settings };
  const job = new PeriodicJob(merged, async () => {
    if (!app.isDatabaseReady) return;
    try {
      const result = await removeExpiredExports(app.services.db, app.config.mlExports.dir, merged);
      const changed = result.removed + result.markedFailed > 0;
      app.log[changed ? 'info' : 'debug'](result, 'expired dataset exports removed');
    } catch (error) {
      app.log.warn({ err: error }, 'dataset export cleanup failed; the next run tries again');
    }
  });
  app.addHook('onClose', () => job.stop());
  job.start();
  return job;
}
