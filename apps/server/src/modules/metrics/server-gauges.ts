import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../services/db/db';
import { countRunningJobs } from './gauge-queries';
import { poolStatsOf } from './pool-stats';

/**
 * Gauges read when Prometheus scrapes: the database pool (PostgreSQL only), the open /admin sockets, and the jobs
 * running now by kind (counted on the running jobs' index), every known kind a series even at 0.
 */
export function registerServerGauges(
  registry: Registry,
  source: { db: Db; countSockets: () => number; jobKinds: () => string[] },
) {
  const pool = [
    ['guildhall_db_pool_total', 'Connections in the PostgreSQL pool', 'total'],
    ['guildhall_db_pool_idle', 'Idle connections in the PostgreSQL pool', 'idle'],
    ['guildhall_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', 'waiting'],
  ] as const;
  for (const [name, help, key] of pool) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = poolStatsOf(source.db);
        if (stats) this.set(stats[key]);
      },
    });
  }
  new Gauge({
    name: 'guildhall_admin_sockets',
    help: 'Open /admin live connections',
    registers: [registry],
    collect() {
      this.set(source.countSockets());
    },
  });
  new Gauge({
    name: 'guildhall_jobs_running',
    help: 'Background jobs running now, by kind',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      const running = await countRunningJobs(source.db);
      for (const kind of new Set([...source.jobKinds(), ...running.keys()])) this.set({ job: kind }, running.get(kind) ?? 0);
    },
  });
}
