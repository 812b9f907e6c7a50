import os from 'node:os';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { MetricName, MetricSample } from '@guildhall/contract';
import type { HistoryStore } from './history-store';
import { createInfluxHistory } from './influx-history';
import type { MetricsDeps } from './metrics-deps';
import { MetricsRollup } from './metrics-rollup';
import { poolStatsOf } from './pool-stats';
import { createPostgresHistory } from './postgres-history-queries';
import { RequestMetrics } from './request-metrics';
import { registerServerGauges } from './server-gauges';

/** What sampling costs, for GET /metrics/stats. */
export interface SamplingCost {
  samples: number;
  lastDurationMs: number;
  averageDurationMs: number;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Samples every catalogued metric every sampleMs: publishes `metrics.recorded`, keeps the latest for
 * /metrics/current and the streams, and writes it to history (InfluxDB when configured, else PostgreSQL, which the
 * rollup job downsamples). A history store that is down is logged once per outage; sampling goes on.
 */
export class MetricsRecorder {
  readonly requests = new RequestMetrics();
  readonly history: HistoryStore;
  readonly instanceId: string;
  readonly sampleMs: number;
  /** Open /api/admin/metrics/stream connections. */
  openStreams = 0;
  private countSockets: () => number = () => 0;
  private jobKinds: () => string[] = () => [];
  private latestSample: MetricSample | null = null;
  private timer: NodeJS.Timeout | null = null;
  private loopDelay: IntervalHistogram | null = null;
  private lastSampleAt = performance.now();
  private cost = { samples: 0, totalMs: 0, lastMs: 0 };
  private isWriting = false;
  private isHistoryFailing = false;
  private isStopped = true;
  private rollup: MetricsRollup | null = null;

  constructor(private readonly deps: MetricsDeps) {
    this.instanceId = deps.instanceId;
    this.sampleMs = deps.sampleMs;
    const { db, influx } = deps.services;
    this.history = influx ? createInfluxHistory(influx) : createPostgresHistory(db);
    registerServerGauges(this.requests.registry, {
      db,
      countSockets: () => this.countSockets(),
      jobKinds: () => this.jobKinds(),
    });
  }

  /** The job kinds the runner knows, each a series of the running-jobs gauge; the app tells once the runner exists. */
  listJobKindsWith(kinds: () => string[]) {
    this.jobKinds = kinds;
  }

  /** How many /admin sockets are open; the live connection tells once it exists. */
  countSocketsWith(count: () => number) {
    this.countSockets = count;
  }

  start() {
    if (this.timer) return;
    this.isStopped = false;
    this.loopDelay = monitorEventLoopDelay({ resolution: 10 });
    this.loopDelay.enable();
    this.lastSampleAt = performance.now();
    this.requests.takeInterval();
    this.timer = setInterval(() => this.record(), this.sampleMs);
    this.timer.unref();
    if (this.history.backend === 'postgresql') {
      this.rollup = new MetricsRollup({ db: this.deps.services.db, log: this.deps.log });
      this.rollup.start();
    }
  }

  stop() {
    this.isStopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.loopDelay?.disable();
    void this.rollup?.stop();
    this.rollup = null;
  }

  /** The latest sample; before the first interval ends, one taken now. */
  latest(): MetricSample {
    this.latestSample ??= this.take();
    return this.latestSample;
  }

  samplingCost(): SamplingCost {
    const { samples, totalMs, lastMs } = this.cost;
    return { samples, lastDurationMs: round(lastMs, 3), averageDurationMs: samples > 0 ? round(totalMs / samples, 3) : 0 };
  }

  /** Takes, publishes and stores one sample. */
  record(): MetricSample {
    const started = performance.now();
    const sample = this.take();
    this.latestSample = sample;
    this.deps.bus.publish({ type: 'metrics.recorded', sample });
    this.store(sample);
    const spent = performance.now() - started;
    this.cost = { samples: this.cost.samples + 1, totalMs: this.cost.totalMs + spent, lastMs: spent };
    return sample;
  }

  private take(): MetricSample {
    const now = performance.now();
    const elapsedSeconds = Math.max(0.001, (now - this.lastSampleAt) / 1000);
    this.lastSampleAt = now;
    const host = this.deps.host.read();
    const memory = process.memoryUsage();
    const interval = this.requests.takeInterval();
    const values: Partial<Record<MetricName, number>> = {
      'system.cpu_percent': host.cpuPercent,
      'system.memory_percent': host.memory.usagePercent,
      'system.load_1m': round(os.loadavg()[0] ?? 0),
      'system.process_cpu_percent': host.processCpuPercent,
      'system.heap_used_bytes': memory.heapUsed,
      'system.rss_bytes': memory.rss,
      'http.requests_per_second': round(interval.requests / elapsedSeconds, 3),
      'http.error_rate_percent': interval.requests > 0 ? round((interval.errors / interval.requests) * 100) : 0,
      'sockets.connected': this.countSockets(),
    };
    if (this.loopDelay) {
      const p99 = this.loopDelay.percentile(99) / 1e6;
      if (Number.isFinite(p99) && this.loopDelay.count > 0) values['system.event_loop_lag_ms'] = round(p99);
      this.loopDelay.reset();
    }
    if (interval.p50 !== null) values['http.latency_p50_ms'] = round(interval.p50);
    if (interval.p95 !== null) values['http.latency_p95_ms'] = round(interval.p95);
    if (interval.p99 !== null) values['http.latency_p99_ms'] = round(interval.p99);
    const pool = poolStatsOf(this.deps.services.db);
    if (pool) {
      values['database.pool_total'] = pool.total;
      values['database.pool_idle'] = pool.idle;
      values['database.pool_waiting'] = pool.waiting;
    }
    const checked = this.deps.health.cached();
    const roundTrips = [
      ['services.database_ms', checked?.postgresql.responseTimeMs],
      ['services.redis_ms', checked?.redis.responseTimeMs],
      ['services.influxdb_ms', checked?.influxdb.responseTimeMs],
    ] as const;
    for (const [name, ms] of roundTrips) if (typeof ms === 'number') values[name] = ms;
    return { timestamp: new Date().toISOString(), instance: this.instanceId, values };
  }

  /** Writes one sample unless the previous write is still out (a slow store loses points, never piles them up). */
  private store(sample: MetricSample) {
    if (this.isWriting) return;
    this.isWriting = true;
    this.history
      .write(sample)
      .then(() => {
        if (this.isHistoryFailing) this.deps.log.info({ backend: this.history.backend }, 'metrics history is written again');
        this.isHistoryFailing = false;
      })
      .catch((error) => {
        if (!this.isHistoryFailing && !this.isStopped) {
          this.deps.log.warn(
            { err: error, backend: this.history.backend },
            'metrics history cannot be written; samples are dropped until it answers again',
          );
        }
        this.isHistoryFailing = true;
      })
      .finally(() => {
        this.isWriting = false;
      });
  }
}
