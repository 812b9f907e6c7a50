import { METRIC_RESOLUTIONS } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../services/db/db';
import { deletePointsBefore, rollUpPoints, tryRollupLock } from './rollup-queries';

const MINUTE_MS = 60_000;
/**
 * How far back each run re-averages: completed windows are recomputed (ON CONFLICT), so runs missed for up to half an
 * hour (a restart, a busy database) or samples written late are still counted, and the work per run stays small.
 */
const LOOKBACK_MS = 30 * MINUTE_MS;

/** What one run wrote and deleted. */
export interface RollupResult {
  rolledUp: Record<number, number>;
  deleted: Record<number, number>;
}

const floorTo = (ms: number, stepMs: number) => Math.floor(ms / stepMs) * stepMs;

/**
 * Averages each completed window of a finer resolution into the next: 5 s rows into 1-minute rows, 1-minute rows into
 * 10-minute rows, per metric and process. Windows are aligned to the epoch, as the history read bins them.
 */
async function rollUp(db: Queryable, now: Date): Promise<Record<number, number>> {
  const written: Record<number, number> = {};
  for (let level = 1; level < METRIC_RESOLUTIONS.length; level++) {
    const finer = METRIC_RESOLUTIONS[level - 1]!.seconds;
    const coarser = METRIC_RESOLUTIONS[level]!.seconds;
    const end = floorTo(now.getTime(), coarser * 1000);
    const start = floorTo(end - LOOKBACK_MS, coarser * 1000);
    written[coarser] = await rollUpPoints(db, finer, coarser, new Date(start), new Date(end));
  }
  return written;
}

/** Deletes each resolution's rows older than it is kept (5 s: 24 h, 1 min: 7 days, 10 min: 30 days). */
async function applyRetention(db: Queryable, now: Date): Promise<Record<number, number>> {
  const deleted: Record<number, number> = {};
  for (const { seconds, keepSeconds } of METRIC_RESOLUTIONS) {
    deleted[seconds] = await deletePointsBefore(db, seconds, new Date(now.getTime() - keepSeconds * 1000));
  }
  return deleted;
}

/**
 * One run: roll up, then apply retention, in one transaction under an advisory lock. Another process already running
 * it skips (null): several processes write their own series, one rollup covers them all.
 */
export async function runMetricsRollup(db: Db, now: Date): Promise<RollupResult | null> {
  return db.transaction(async (tx) => {
    if (!(await tryRollupLock(tx))) return null;
    const rolledUp = await rollUp(tx, now);
    const deleted = await applyRetention(tx, now);
    return { rolledUp, deleted };
  });
}

/** Runs the rollup every minute; `now` is injectable so tests can move time. */
export class MetricsRollup {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RollupResult | null> | null = null;
  private hasFailed = false;
  /** A run cut off by shutdown (the database closing under it) is not an outage worth a warning. */
  private isStopped = false;

  constructor(private readonly deps: { db: Db; log: FastifyBaseLogger; now?: () => Date; intervalMs?: number }) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.run().catch(() => undefined), this.deps.intervalMs ?? MINUTE_MS);
    this.timer.unref();
  }

  async stop() {
    this.isStopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Runs once now (a run in progress is shared); a failure is logged once until a run succeeds again. */
  run(): Promise<RollupResult | null> {
    this.running ??= runMetricsRollup(this.deps.db, this.deps.now?.() ?? new Date())
      .then((result) => {
        if (this.hasFailed) this.deps.log.info('metrics rollup works again');
        this.hasFailed = false;
        return result;
      })
      .catch((error) => {
        if (!this.hasFailed && !this.isStopped)
          this.deps.log.warn({ err: error }, 'metrics rollup failed; it retries every minute');
        this.hasFailed = true;
        throw error;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
