import type { FastifyInstance } from 'fastify';
import { takeDueAttendance } from '../modules/raids/take-attendance';
import { PeriodicJob } from './periodic-job';

/**
 * Every 5 minutes: the raids planned in Guildhall that ended get their attendance from the sign-ups and composition
 * (issue 31). Taking it is idempotent and a raid being taken elsewhere is skipped, so every process may run it.
 */
export function registerRaidAttendance(app: FastifyInstance): PeriodicJob {
  const job = new PeriodicJob({ firstRunDelayMs: 45_000, intervalMs: 300_000 }, async () => {
    if (!app.isDatabaseReady) return;
    try {
      const taken = await takeDueAttendance(app.services.db);
      if (taken > 0) app.log.info({ taken }, 'raid attendance taken');
    } catch (error) {
      app.log.warn({ err: error }, 'raid attendance could not be taken; the next run tries again');
    }
  });
  app.addHook('onClose', () => job.stop());
  job.start();
  return job;
}
