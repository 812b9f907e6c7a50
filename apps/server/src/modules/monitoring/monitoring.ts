import os from 'node:os';
import {
  type HealthOverview,
  healthReasons,
  LIVE_BUFFERS,
  type MetricsSnapshot,
  type OverallHealth,
  overallHealth,
  type SystemPerformance,
} from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../core/event-bus';
import type { Services } from '../../services/services';
import { AlertLog } from '../alerts/alert-log';
import { MetricsRecorder } from '../metrics/metrics-recorder';
import { HealthMonitor } from './health-monitor';
import { type HostFigures, HostSampler } from './host-sampler';
import { RequestRate } from './request-rate';

/** One reading of the host with the verdict computed from it: what every reader of the health is shown. */
interface HealthSample {
  timestamp: string;
  figures: HostFigures;
  databaseStatus: string;
  redisStatus: string;
  overall: OverallHealth;
  reasons: string[];
  overallSince: string;
}

/** Everything the dashboard and the live connection measure, in one place with one lifecycle. */
export class Monitoring {
  readonly host = new HostSampler();
  readonly requests = new RequestRate();
  readonly alerts: AlertLog;
  readonly health: HealthMonitor;
  /** Every catalogued metric, sampled into history (issue 14). */
  readonly metrics: MetricsRecorder;
  private readonly history: MetricsSnapshot[] = [];
  /**
   * The one verdict of this process, computed once a feed tick from one host reading: the System Health card, the
   * sidebar's status (through the live push) and the health overview all read this, so they never disagree
   * (issue 29: "Warning" on the card beside "System Online" in the sidebar on a busy machine).
   */
  private latest: HealthSample | null = null;
  private feedTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      services: Services;
      bus: EventBus;
      healthIntervalMs: number;
      metricsPushMs: number;
      metricsSampleMs: number;
      instanceId: string;
      log: FastifyBaseLogger;
    },
  ) {
    this.alerts = new AlertLog(deps.bus, deps.services.db);
    this.health = new HealthMonitor({
      services: deps.services,
      host: this.host,
      alerts: this.alerts,
      bus: deps.bus,
      intervalMs: deps.healthIntervalMs,
      log: deps.log,
    });
    this.metrics = new MetricsRecorder({
      services: deps.services,
      bus: deps.bus,
      host: this.host,
      health: this.health,
      log: deps.log,
      instanceId: deps.instanceId,
      sampleMs: deps.metricsSampleMs,
    });
  }

  /** Starts sampling, checking and the metrics feed; the first health check runs before this resolves. */
  async start() {
    this.host.start();
    await this.health.refresh();
    this.tick();
    this.health.start();
    this.metrics.start();
    this.feedTimer = setInterval(() => this.sampleMetrics(), this.deps.metricsPushMs);
    this.feedTimer.unref();
  }

  stop() {
    this.host.stop();
    this.health.stop();
    this.metrics.stop();
    if (this.feedTimer) clearInterval(this.feedTimer);
    this.feedTimer = null;
  }

  /**
   * Host and process figures for GET /api/backend-performance/system, from the sample of the last tick with its
   * verdict, so the dashboard never shows "Healthy" beside a CPU reading above the threshold, nor a verdict the
   * sidebar does not show.
   */
  systemPerformance() {
    const { figures, overall, reasons, overallSince, timestamp } = this.current();
    const memory = process.memoryUsage();
    const system: SystemPerformance = {
      cpuUsage: figures.cpuPercent,
      memoryUsage: figures.memory.usagePercent,
      memory: figures.memory,
      process: { cpuUsage: figures.processCpuPercent, rss: memory.rss, heapUsed: memory.heapUsed, uptime: process.uptime() },
      uptime: os.uptime(),
      loadAverage: os.loadavg(),
      ...this.requests.read(),
    };
    return { system, overall, reasons, overallSince, timestamp };
  }

  /** The services' health as last checked, with the one verdict in place of a second reading of the host. */
  async healthOverview(): Promise<HealthOverview> {
    return { ...(await this.health.current()), overall: this.current().overall };
  }

  /** The last tick's sample as the live connection pushes it. */
  snapshot(): MetricsSnapshot {
    const { timestamp, figures, databaseStatus, redisStatus, overall, reasons, overallSince } = this.current();
    return {
      timestamp,
      system: { cpu: { usage: figures.cpuPercent }, memory: figures.memory, uptime: os.uptime() },
      ...this.requests.read(),
      database: { status: databaseStatus },
      redis: { status: redisStatus },
      overall,
      reasons,
      overallSince,
    };
  }

  /** The last tick's sample (a tick now when there has been none). */
  current(): HealthSample {
    return this.latest ?? this.tick();
  }

  /**
   * Reads the host once and computes the verdict from it and the last service check; the verdict keeps its start
   * while it holds, so the dashboard can say "CPU 98 % for 30 s".
   */
  tick(): HealthSample {
    const figures = this.host.read();
    const checked = this.health.cached();
    const databaseStatus = checked?.postgresql.status ?? 'unknown';
    const redisStatus = checked?.redis.status ?? 'unknown';
    const inputs = { cpuPercent: figures.cpuPercent, memoryPercent: figures.memory.usagePercent, databaseStatus, redisStatus };
    const overall = overallHealth(inputs);
    const timestamp = new Date().toISOString();
    const overallSince = this.latest?.overall === overall ? this.latest.overallSince : timestamp;
    this.latest = { timestamp, figures, databaseStatus, redisStatus, overall, reasons: healthReasons(inputs), overallSince };
    return this.latest;
  }

  /** The last LIVE_BUFFERS.metricsHistory samples, oldest first. */
  metricsHistory(): MetricsSnapshot[] {
    return [...this.history];
  }

  private sampleMetrics() {
    this.tick();
    const snapshot = this.snapshot();
    this.history.push(snapshot);
    if (this.history.length > LIVE_BUFFERS.metricsHistory) this.history.shift();
    this.deps.bus.publish({ type: 'metrics.sampled', snapshot });
  }
}
