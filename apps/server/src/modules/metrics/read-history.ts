import type { MetricName, MetricsHistory, MetricType } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { HistoryStore, MetricAggregation } from './history-store';
import { metricsFor, resolutionFor } from './history-store';

/** A store call whose failure is the outside service's, not the request's: InfluxDB down answers 503. */
async function fromStore<T>(store: HistoryStore, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (store.backend === 'influxdb') throw AppError.serviceUnavailable('InfluxDB');
    throw error;
  }
}

/** One group's history over the last `duration` seconds, at the finest resolution kept that long. */
export async function readHistory(
  store: HistoryStore,
  query: { type: MetricType; duration: number },
  now = new Date(),
): Promise<MetricsHistory> {
  const resolution = resolutionFor(query.duration);
  const from = new Date(now.getTime() - query.duration * 1000);
  const series = await fromStore(store, () => store.read(metricsFor(query.type), from, now, resolution));
  return {
    success: true,
    type: query.type,
    duration: query.duration,
    resolution,
    backend: store.backend,
    from: from.toISOString(),
    to: now.toISOString(),
    series,
  };
}

/** One aggregation of one catalogued metric over the last `timeRange` seconds. */
export async function aggregateMetric(
  store: HistoryStore,
  query: { metric: MetricName; aggregation: MetricAggregation; timeRange: number },
  now = new Date(),
) {
  const from = new Date(now.getTime() - query.timeRange * 1000);
  const result = await fromStore(store, () => store.aggregate(query.metric, query.aggregation, from, now));
  const round = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);
  return {
    success: true as const,
    metric: query.metric,
    aggregation: query.aggregation,
    timeRange: query.timeRange,
    value: round(result.value),
    points: result.points,
    byInstance: result.byInstance.map((entry) => ({ instance: entry.instance, value: round(entry.value) })),
  };
}

/** Stats of the store, for GET /metrics/stats. */
export function storeStats(store: HistoryStore, now = new Date()) {
  return fromStore(store, () => store.stats(now));
}
