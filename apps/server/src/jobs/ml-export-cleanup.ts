import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DATASET_EXPORT_KIND } from '../modules/training-data/dataset-export-job';
import type { Queryable } from '../services/db/db';
import { PeriodicJob } from './periodic-job';

const HOUR_MS = 60 * 60 * 1000;

/** How often the cleanup runs and how much it removes at a time. */
export interface MlExportCleanupSettings {
  /** The first run, this long after the app started. */
  firstRunDelayMs: number;
  intervalMs: number;
  /** Exports removed per run. */
  batchSize: number;
}

/** Shortly after start, then hourly. */
export const ML_EXPORT_CLEANUP_DEFAULTS: MlExportCleanupSettings = {
  firstRunDelayMs: 5_000,
  intervalMs: HOUR_MS,
  batchSize: 500,
};

/**
 * Removes expired dataset exports: each one's folder under the exports directory, then its job (so a folder whose
 * removal failed is tried again next run). An export cut short by a stopped process is failed by the job runner.
 * Returns how many exports were removed.
 */
export async function removeExpiredExports(
  db: Queryable,
  dir: string,
  settings: Pick<MlExportCleanupSettings, 'batchSize'> = ML_EXPORT_CLEANUP_DEFAULTS,
  now = new Date(),
): Promise<{ removed: number }> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM jobs WHERE kind = $1 AND expires_at <= $2 ORDER BY expires_at LIMIT $3',
    [DATASET_EXPORT_KIND, now, settings.batchSize],
  );
  const root = path.resolve(dir);
  let removed = 0;
  for (const { id } of rows) {
    const folder = path.resolve(root, id);
    if (!folder.startsWith(`${root}${path.sep}`)) continue;
    await rm(folder, { recursive: true, force: true });
    removed += (await db.query('DELETE FROM jobs WHERE id = $1', [id])).rowCount;
  }
  return { removed };
}

/** Starts the cleanup with the app (shortly after start, then hourly); it stops before the database closes. */
export function registerMlExportCleanup(app: FastifyInstance, settings: Partial<MlExportCleanupSettings> = {}): PeriodicJob {
  const merged = { ...ML_EXPORT_CLEANUP_DEFAULTS, ...settings };
  const job = new PeriodicJob(merged, async () => {
    if (!app.isDatabaseReady) return;
    try {
      const result = await removeExpiredExports(app.services.db, app.config.mlExports.dir, merged);
      app.log[result.removed > 0 ? 'info' : 'debug'](result, 'expired dataset exports removed');
    } catch (error) {
      app.log.warn({ err: error }, 'dataset export cleanup failed; the next run tries again');
    }
  });
  app.addHook('onClose', () => job.stop());
  job.start();
  return job;
}
