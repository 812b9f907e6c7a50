import { ADMIN_SESSION_IDLE_MS } from '@guildhall/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { adminIdleMs } from '../auth/require-admin';
import type { Queryable } from '../services/db/db';
import { PeriodicJob } from './periodic-job';

const HOUR_MS = 60 * 60 * 1000;

/** How often the cleanup runs, how much one run may delete, and how long an ended row is kept. */
export interface TokenCleanupSettings {
  /** The first run, this long after the app started. */
  firstRunDelayMs: number;
  intervalMs: number;
  /** Rows deleted per statement. */
  batchSize: number;
  /** Statements per table and run: a run deletes at most batchSize × maxBatches rows of each table. */
  maxBatches: number;
  /**
   * Ended rows are kept this long: a refresh token presented again shortly after it expired is still
   * recognised as reuse, and a revoked session still says why it ended.
   */
  retentionMs: number;
}

/** Once an hour, at most 10,000 rows per table and run, rows ended more than a day ago. */
export const TOKEN_CLEANUP_DEFAULTS: TokenCleanupSettings = {
  firstRunDelayMs: 30_000,
  intervalMs: HOUR_MS,
  batchSize: 1000,
  maxBatches: 10,
  retentionMs: 24 * HOUR_MS,
};

/**
 * Each table of short-lived credentials and when one of its rows has ended. $1 is the cutoff (now minus
 * the retention), $2 the cutoff minus the admin idle limit. A refresh token is kept until it expires, used
 * or revoked, so that presenting a used one again revokes its family (reuse detection).
 */
const ENDED_ROWS = [
  { table: 'refresh_tokens', ended: 'expires_at < $1' },
  { table: 'email_tokens', ended: 'expires_at < $1 OR used_at < $1' },
  { table: 'oauth_states', ended: 'expires_at < $1 OR used_at < $1' },
  { table: 'community_sessions', ended: 'expires_at < $1 OR revoked_at < $1' },
  { table: 'admin_sessions', ended: 'absolute_expires_at < $1 OR revoked_at < $1 OR last_seen_at < $2' },
  // Not a credential, but history that ends: an alert is kept 90 days after it resolved; an open one stays.
  { table: 'alerts', ended: "resolved_at < $1::timestamptz - interval '89 days'" },
] as const;

/** A cleaned table. */
export type CleanedTable = (typeof ENDED_ROWS)[number]['table'];

/**
 * Deletes ended rows, in batches by primary key, at most batchSize × maxBatches per table. SKIP LOCKED
 * lets several processes clean at once without waiting on each other. Returns the rows deleted per table.
 */
export async function deleteEndedRows(
  db: Queryable,
  settings: Pick<TokenCleanupSettings, 'batchSize' | 'maxBatches' | 'retentionMs'>,
  now = new Date(),
  idleMs = ADMIN_SESSION_IDLE_MS,
): Promise<Record<CleanedTable, number>> {
  const cutoff = new Date(now.getTime() - settings.retentionMs);
  // A session idle for longer than the timeout in force (a System Setting) has ended.
  const idleCutoff = new Date(cutoff.getTime() - idleMs);
  const deleted = {} as Record<CleanedTable, number>;
  for (const { table, ended } of ENDED_ROWS) {
    const params = ended.includes('$2') ? [cutoff, idleCutoff, settings.batchSize] : [cutoff, settings.batchSize];
    const limit = `$${params.length}`;
    deleted[table] = 0;
    for (let batch = 0; batch < settings.maxBatches; batch++) {
      const { rowCount } = await db.query(
        `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE ${ended} LIMIT ${limit} FOR UPDATE SKIP LOCKED)`,
        params,
      );
      deleted[table] += rowCount;
      if (rowCount < settings.batchSize) break;
    }
  }
  return deleted;
}

/** Removes expired and ended tokens, states, sessions and long-resolved alerts on a timer: once shortly after start, then hourly. */
export class TokenCleanup {
  private readonly settings: TokenCleanupSettings;
  private readonly job: PeriodicJob;

  constructor(
    private readonly deps: {
      db: Queryable;
      log: FastifyBaseLogger;
      /** False while the database is not prepared yet (PostgreSQL still starting): the run is skipped. */
      isDatabaseReady: () => boolean;
      /** The admin session idle timeout in force; the contract's default when not given. */
      idleMs?: () => Promise<number>;
    },
    settings: Partial<TokenCleanupSettings> = {},
  ) {
    this.settings = { ...TOKEN_CLEANUP_DEFAULTS, ...settings };
    this.job = new PeriodicJob(this.settings, () => this.cleanUp());
  }

  start() {
    this.job.start();
  }

  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop() {
    return this.job.stop();
  }

  /** Runs once now; a run already in progress is shared, not doubled. */
  run(): Promise<void> {
    return this.job.run();
  }

  private async cleanUp() {
    if (!this.deps.isDatabaseReady()) return;
    try {
      const idleMs = this.deps.idleMs ? await this.deps.idleMs() : undefined;
      const deleted = await deleteEndedRows(this.deps.db, this.settings, new Date(), idleMs);
      const total = Object.values(deleted).reduce((sum, n) => sum + n, 0);
      this.deps.log[total > 0 ? 'info' : 'debug']({ deleted }, 'expired tokens and ended sessions removed');
    } catch (error) {
      this.deps.log.warn({ err: error }, 'token cleanup failed; the next run tries again');
    }
  }
}

/** Starts the cleanup with the app; it stops before the database closes (onClose hooks run last-added first). */
export function registerTokenCleanup(app: FastifyInstance, settings: Partial<TokenCleanupSettings> = {}): TokenCleanup {
  const cleanup = new TokenCleanup(
    { db: app.services.db, log: app.log, isDatabaseReady: () => app.isDatabaseReady, idleMs: () => adminIdleMs(app) },
    settings,
  );
  app.addHook('onClose', () => cleanup.stop());
  cleanup.start();
  return cleanup;
}
