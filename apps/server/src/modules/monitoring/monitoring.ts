import os from 'node:os';
import {
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
import { HostSampler } from './host-sampler';
import { RequestRate } from './request-rate';

/** Everything the dashboard and the live connection measure, in one place with one lifecycle. */
export class Monitoring {
  readonly host = new HostSampler();
  readonly requests = new RequestRate();
  readonly alerts: AlertLog;
  readonly health: HealthMonitor;
  /** Every catalogued metric, sampled into history (issue 14). */
  readonly metrics: MetricsRecorder;
  private readonly history: MetricsSnapshot[] = [];
  /** The verdict last computed and when it began, so the dashboard can say "CPU 98 % for 30 s". */
  private verdict: { overall: OverallHealth; since: string } | null = null;
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
   * Host and process figures for GET /api/backend-performance/system, with the overall health computed
   * from the same sample, so the dashboard never shows "Healthy" beside a CPU reading above the threshold.
   */
  systemPerformance(): { system: SystemPerformance; overall: OverallHealth; reasons: string[]; overallSince: string } {
    const { figures, overall, reasons, overallSince } = this.sample();
    const memory = process.memoryUsage();
    return {
      system: {
        cpuUsage: figures.cpuPercent,
        memoryUsage: figures.memory.usagePercent,
        memory: figures.memory,
        process: { cpuUsage: figures.processCpuPercent, rss: memory.rss, heapUsed: memory.heapUsed, uptime: process.uptime() },
        uptime: os.uptime(),
        loadAverage: os.loadavg(),
        ...this.requests.read(),
      },
      overall,
      reasons,
      overallSince,
    };
  }

  /** One metrics sample as the live connection pushes it; service states come from the last check. */
  snapshot(): MetricsSnapshot {
    const { figures, databaseStatus, redisStatus, overall, reasons, overallSince } = this.sample();
    return {
      timestamp: new Date().toISOString(),
      system: { cpu: { usage: figures.cpuPercent }, memory: figures.memory, uptime: os.uptime() },
      ...this.requests.read(),
      database: { status: databaseStatus },
      redis: { status: redisStatus },
      overall,
      reasons,
      overallSince,
    };
  }

  /** One host reading and the overall health computed from it and the last service check. */
  private sample() {
    const figures = this.host.read();
    const checked = this.health.cached();
    const databaseStatus = checked?.postgresql.status ?? 'unknown';
    const redisStatus = checked?.redis.status ?? 'unknown';
    const inputs = { cpuPercent: figures.cpuPercent, memoryPercent: figures.memory.usagePercent, databaseStatus, redisStatus };
    const overall = overallHealth(inputs);
    if (this.verdict?.overall !== overall) this.verdict = { overall, since: new Date().toISOString() };
    return { figures, databaseStatus, redisStatus, overall, reasons: healthReasons(inputs), overallSince: this.verdict.since };
  }

  /** The last LIVE_BUFFERS.metricsHistory samples, oldest first. */
  metricsHistory(): MetricsSnapshot[] {
    return [...this.history];
  }

  private sampleMetrics() {
    const snapshot = this.snapshot();
    this.history.push(snapshot);
    if (this.history.length > LIVE_BUFFERS.metricsHistory) this.history.shift();
    this.deps.bus.publish({ type: 'metrics.sampled', snapshot });
  }
}
