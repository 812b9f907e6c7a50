import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import type { DataSourcesDeps } from './data-sources-deps';
import { type DueRefresh, selectDueRefreshes } from './refresh-queries';
import { startRosterSync } from './start-roster-sync';
import { startLogsImport, startRaiderIoSync, startWowAuditSync } from './start-source-sync';

/** Who the runs and audit records of a scheduled refresh name: the system, from no address (recorded as null). */
const SCHEDULER = { actor: { type: 'system' }, ip: null } as unknown as Requester;

/** Guilds queued per check at most; the rest are due at the next. */
const BATCH = 50;

/** When the refresh looks, and how old a source's last run may get. */
export interface RefreshSchedule {
  checkEveryMs: number;
  refreshEveryMs: number;
}

/**
 * Queues the refresh of every source that is due (roster, Raider.IO and WoWAudit daily, Warcraft Logs' latest report
 * after a raid night), as the jobs a person would start. A source that cannot run now (already running, not
 * configured) is left for the next check. Returns what was queued.
 */
export async function queueDueRefreshes(
  deps: DataSourcesDeps,
  schedule: RefreshSchedule,
  now = new Date(),
): Promise<DueRefresh[]> {
  const due = await selectDueRefreshes(
    deps.db,
    {
      battlenet: deps.rosterSync.name,
      raiderio: deps.raiderIoSync.name,
      wowaudit: deps.wowAuditSync.name,
      combat_log: deps.logsImport.name,
    },
    schedule.refreshEveryMs,
    now,
    BATCH,
  );
  const queued: DueRefresh[] = [];
  for (const refresh of due) {
    try {
      if (refresh.source_type === 'battlenet') await startRosterSync(deps, refresh.guild_id, {}, SCHEDULER);
      else if (refresh.source_type === 'raiderio') await startRaiderIoSync(deps, refresh.guild_id, {}, SCHEDULER);
      else if (refresh.source_type === 'wowaudit') await startWowAuditSync(deps, refresh.guild_id, SCHEDULER);
      else await startLogsImport(deps, refresh.guild_id, { latest: 1 }, SCHEDULER);
      queued.push(refresh);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return queued;
}

/**
 * The refresh's timer in this process: it looks every checkEveryMs (never twice at once) once the app is ready. Each
 * process runs one; the due query leaves out a source with a job of its kind made since, so one is queued.
 */
export function refreshTimer(deps: DataSourcesDeps, schedule: RefreshSchedule, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = queueDueRefreshes(deps, schedule)
      .then((queued) => {
        if (queued.length > 0) log.info({ queued: queued.length }, 'scheduled source refreshes queued');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'scheduled source refresh check failed'))
      .finally(() => {
        if (timer) timer = setTimeout(tick, schedule.checkEveryMs).unref();
      });
  };
  return {
    start() {
      timer = setTimeout(tick, schedule.checkEveryMs).unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
