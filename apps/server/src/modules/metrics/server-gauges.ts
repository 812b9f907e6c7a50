import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../services/db/db';
import { poolStatsOf } from './pool-stats';

/**
 * Gauges read when Prometheus scrapes: the database pool (PostgreSQL only), the open /admin sockets, and the jobs
 * running now (two small tables, counted by status).
 */
export function registerServerGauges(registry: Registry, source: { db: Db; countSockets: () => number }) {
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
      const { rows } = await source.db.query<{ member_sync: number; player_bulk: number }>(
        `SELECT (SELECT count(*) FROM member_sync_jobs WHERE status = 'running') AS member_sync,
                (SELECT count(*) FROM player_bulk_jobs WHERE status = 'running') AS player_bulk`,
      );
      this.set({ job: 'member_sync' }, Number(rows[0]?.member_sync ?? 0));
      this.set({ job: 'player_bulk_update' }, Number(rows[0]?.player_bulk ?? 0));
    },
  });
}
