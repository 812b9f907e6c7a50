import { type HealthOverview, overallHealth, SERVICES } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../core/event-bus';
import type { Services } from '../../services/services';
import type { AlertLog } from '../alerts/alert-log';
import { alertForChange } from '../alerts/rule-evaluation';
import { checkDiscord, checkInflux, checkPostgres, checkRedis } from './health-checks';
import type { HostSampler } from './host-sampler';

/** Checks every backing service in the background and keeps the latest overview. */
export class HealthMonitor {
  private latest: HealthOverview | null = null;
  private latestAt = 0;
  private running: Promise<HealthOverview> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      services: Services;
      host: HostSampler;
      alerts: AlertLog;
      bus: EventBus;
      intervalMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.refresh().catch((error) => this.deps.log.error({ err: error }, 'health check failed'));
    }, this.deps.intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The cached overview when it is younger than the check interval, else a fresh one. */
  async current(): Promise<HealthOverview> {
    if (this.latest && Date.now() - this.latestAt < this.deps.intervalMs) return this.latest;
    return this.refresh();
  }

  /** The last overview without waiting (null before the first check ends). */
  cached(): HealthOverview | null {
    return this.latest;
  }

  /** Runs every check now; concurrent callers share one run. */
  refresh(): Promise<HealthOverview> {
    this.running ??= this.checkAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async checkAll(): Promise<HealthOverview> {
    const { services, host } = this.deps;
    const [postgresql, influxdb, redis, discord] = await Promise.all([
      checkPostgres(services.db),
      checkInflux(services.influx),
      checkRedis(services.redis),
      checkDiscord(services.discord),
    ]);
    const figures = host.read();
    const overview: HealthOverview = {
      success: true,
      overall: overallHealth({
        cpuPercent: figures.cpuPercent,
        memoryPercent: figures.memory.usagePercent,
        databaseStatus: postgresql.status,
        redisStatus: redis.status,
      }),
      postgresql,
      influxdb,
      redis,
      discord,
      checkedAt: new Date().toISOString(),
      // DATABASE_URL signed in as a superuser, the SQL runner's read-only role missing: said on the dashboard.
      warnings: services.readonlyAccess.current().warnings,
    };
    const previous = this.latest;
    this.latest = overview;
    this.latestAt = Date.now();
    this.announceChanges(previous, overview);
    return overview;
  }

  private announceChanges(previous: HealthOverview | null, next: HealthOverview) {
    for (const service of SERVICES) {
      const from = previous ? previous[service].status : null;
      const to = next[service];
      if (from === to.status) continue;
      this.deps.log.info({ service, from, to: to.status, reason: to.message }, 'service status changed');
      this.deps.bus.publish({ type: 'service.status-changed', service, from, to: to.status, overview: next });
      // A service going down, and coming back from down, are its service_down alert rule's (modules/alerts): stored
      // once however many processes see it. Slowness and its end are this process's own notices.
      const alert = alertForChange(service, from, to);
      if (alert && alert.type !== 'service_down' && from !== 'down') {
        this.deps.alerts.raise(alert).catch((error) => this.deps.log.error({ err: error }, 'alert not stored'));
      }
    }
  }
}
