import type { RouteStats } from '@guildhall/contract';
import { Counter, collectDefaultMetrics, Histogram, Registry, Summary } from 'prom-client';

/** The window of the per-route figures (GET /metrics/routes). */
export const ROUTE_WINDOW_SECONDS = 300;
const SLOT_SECONDS = 60;
const SLOTS = ROUTE_WINDOW_SECONDS / SLOT_SECONDS;
/** Response times kept per sampling interval for its percentiles; past this, a random kept one is replaced. */
const INTERVAL_RESERVOIR = 4096;

interface RouteWindow {
  method: string;
  route: string;
  slots: { slot: number; count: number; errors: number }[];
}

/** What the responses of one sampling interval add up to. */
export interface IntervalFigures {
  requests: number;
  errors: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** The value at quantile q of sorted values (nearest rank). */
export function quantileOf(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Every response, counted three ways: the Prometheus counter, histogram and per-route summary (a per-app registry:
 * tests build several apps in one process), per-route counts over the last 5 minutes, and the current sampling
 * interval's count, errors and response times.
 */
export class RequestMetrics {
  readonly registry = new Registry();
  private readonly requestsTotal: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly routeLatency: Summary<'method' | 'route'>;
  private readonly windows = new Map<string, RouteWindow>();
  private interval = { requests: 0, errors: 0, timed: 0, durations: [] as number[] };

  constructor(private readonly now: () => number = Date.now) {
    collectDefaultMetrics({ register: this.registry });
    this.requestsTotal = new Counter({
      name: 'http_requests_total',
      help: 'HTTP responses by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP response time by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.routeLatency = new Summary({
      name: 'http_route_latency_seconds',
      help: 'Response time percentiles per route over the last 5 minutes',
      labelNames: ['method', 'route'],
      percentiles: [0.5, 0.95, 0.99],
      maxAgeSeconds: ROUTE_WINDOW_SECONDS,
      ageBuckets: SLOTS,
      registers: [this.registry],
    });
  }

  /** Counts one response; `ms` null counts it without a time (an event stream's time is how long it stayed open). */
  record(method: string, route: string, status: number, ms: number | null) {
    const isError = status >= 500;
    this.requestsTotal.inc({ method, route, status: String(status) });
    if (ms !== null) {
      this.duration.observe({ method, route, status: String(status) }, ms / 1000);
      this.routeLatency.observe({ method, route }, ms / 1000);
    }

    const key = `${method} ${route}`;
    let window = this.windows.get(key);
    if (!window) {
      window = { method, route, slots: Array.from({ length: SLOTS }, () => ({ slot: -1, count: 0, errors: 0 })) };
      this.windows.set(key, window);
    }
    const slot = Math.floor(this.now() / 1000 / SLOT_SECONDS);
    const bucket = window.slots[slot % SLOTS]!;
    if (bucket.slot !== slot) Object.assign(bucket, { slot, count: 0, errors: 0 });
    bucket.count += 1;
    if (isError) bucket.errors += 1;

    const interval = this.interval;
    interval.requests += 1;
    if (isError) interval.errors += 1;
    if (ms === null) return;
    interval.timed += 1;
    if (interval.durations.length < INTERVAL_RESERVOIR) interval.durations.push(ms);
    else {
      const index = Math.floor(Math.random() * interval.timed);
      if (index < INTERVAL_RESERVOIR) interval.durations[index] = ms;
    }
  }

  /** The interval since the last call, and a new one begins. */
  takeInterval(): IntervalFigures {
    const { requests, errors, durations } = this.interval;
    this.interval = { requests: 0, errors: 0, timed: 0, durations: [] };
    const sorted = durations.sort((a, b) => a - b);
    return { requests, errors, p50: quantileOf(sorted, 0.5), p95: quantileOf(sorted, 0.95), p99: quantileOf(sorted, 0.99) };
  }

  /** Each route's figures over the last 5 minutes (the current minute partly), slowest p95 first. */
  async routes(): Promise<RouteStats[]> {
    const currentSlot = Math.floor(this.now() / 1000 / SLOT_SECONDS);
    const quantiles = new Map<string, Record<string, number>>();
    for (const value of (await this.routeLatency.get()).values) {
      const labels = value.labels as Record<string, string | number | undefined>;
      if (labels.quantile === undefined) continue;
      const key = `${labels.method} ${labels.route}`;
      const known = quantiles.get(key) ?? {};
      known[String(labels.quantile)] = Number.isFinite(value.value) ? value.value * 1000 : 0;
      quantiles.set(key, known);
    }
    const stats: RouteStats[] = [];
    for (const [key, window] of this.windows) {
      let count = 0;
      let errors = 0;
      let oldestSlot = currentSlot;
      for (const slot of window.slots) {
        if (slot.slot > currentSlot - SLOTS && slot.slot <= currentSlot) {
          count += slot.count;
          errors += slot.errors;
          oldestSlot = Math.min(oldestSlot, slot.slot);
        }
      }
      if (count === 0) continue;
      // Rates over the time the window really covers: from the start of its oldest minute with traffic to now.
      const coveredSeconds = Math.max(1, this.now() / 1000 - oldestSlot * SLOT_SECONDS);
      const q = quantiles.get(key) ?? {};
      stats.push({
        method: window.method,
        route: window.route,
        count,
        requestsPerSecond: round(count / coveredSeconds, 3),
        errorRate: round((errors / count) * 100),
        p50: round(q['0.5'] ?? 0),
        p95: round(q['0.95'] ?? 0),
        p99: round(q['0.99'] ?? 0),
      });
    }
    return stats.sort((a, b) => b.p95 - a.p95 || b.count - a.count);
  }
}
