import type { FastifyInstance } from 'fastify';
import { queueDueReminders, raidReminderJob } from '../modules/raids/raid-reminder-job';
import { raidsDepsOf } from '../modules/raids/raids-deps';
import { PeriodicJob } from './periodic-job';

/** Every minute: raids with a reminder come due get a reminder job (issue 31); the job sends each reminder once. */
export function registerRaidReminders(app: FastifyInstance): PeriodicJob {
  const deps = raidsDepsOf(app);
  const kind = raidReminderJob(deps);
  app.jobs.register(kind);
  const job = new PeriodicJob({ firstRunDelayMs: 30_000, intervalMs: 60_000 }, async () => {
    if (!app.isDatabaseReady) return;
    try {
      const queued = await queueDueReminders(deps, kind);
      if (queued > 0) app.log.info({ queued }, 'raid reminders queued');
    } catch (error) {
      app.log.warn({ err: error }, 'raid reminders could not be queued; the next run tries again');
    }
  });
  app.addHook('onClose', () => job.stop());
  job.start();
  return job;
}
