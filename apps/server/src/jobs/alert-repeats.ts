import type { FastifyInstance } from 'fastify';
import { alertDeliveryDepsOf } from '../modules/alert-delivery/alert-delivery-deps';
import { alertDeliveryJob } from '../modules/alert-delivery/delivery-job';
import { queueDueRepeats } from '../modules/alert-delivery/route-alerts';
import { PeriodicJob } from './periodic-job';

/** Every minute: alerts still firing are sent again to the contact points that repeat (issue 34). */
export function registerAlertRepeats(app: FastifyInstance): PeriodicJob {
  const deps = alertDeliveryDepsOf(app);
  const job = new PeriodicJob({ firstRunDelayMs: 30_000, intervalMs: 60_000 }, async () => {
    if (!app.isDatabaseReady) return;
    try {
      const queued = await queueDueRepeats(deps, alertDeliveryJob(deps));
      if (queued.length > 0) app.log.info({ queued: queued.length }, 'alert repeats queued');
    } catch (error) {
      app.log.warn({ err: error }, 'alert repeats could not be queued; the next run tries again');
    }
  });
  app.addHook('onClose', () => job.stop());
  job.start();
  return job;
}
