import type { FastifyInstance } from 'fastify';
import { queueDueDecays } from '../modules/loot/decay-job';
import { lootDepsOf } from '../modules/loot/loot-deps';
import { PeriodicJob } from './periodic-job';

/** Hourly: every guild with a week that ended undecayed gets a decay job (issue 32); the job decays each week once. */
export function registerLootDecaySchedule(app: FastifyInstance): PeriodicJob {
  const deps = lootDepsOf(app);
  const job = new PeriodicJob({ firstRunDelayMs: 60_000, intervalMs: 3_600_000 }, async () => {
    if (!app.isDatabaseReady) return;
    try {
      const queued = await queueDueDecays(deps);
      if (queued > 0) app.log.info({ queued }, 'loot decays queued');
    } catch (error) {
      app.log.warn({ err: error }, 'loot decays could not be queued; the next run tries again');
    }
  });
  app.addHook('onClose', () => job.stop());
  job.start();
  return job;
}
