import {
  METRIC_CATALOG,
  METRIC_RESOLUTIONS,
  type MetricName,
  type MetricSample,
  type MetricSeries,
  type MetricType,
  metricsOfType,
} from '@guildhall/contract';

/** Where history is kept. */
export type HistoryBackend = 'influxdb' | 'postgresql';

/** An aggregation a custom query may ask for. */
export type MetricAggregation = 'avg' | 'min' | 'max' | 'sum' | 'count' | 'p95';

/** One aggregation's answer: overall and per process. */
export interface AggregateResult {
  value: number | null;
  points: number;
  byInstance: { instance: string; value: number | null }[];
}

/** What the stats call reports per resolution. */
export interface ResolutionStats {
  seconds: number;
  keepSeconds: number;
  points: number;
  oldest: string | null;
}

/** A history store: InfluxDB when configured, else the downsampled PostgreSQL table. */
export interface HistoryStore {
  readonly backend: HistoryBackend;
  write(sample: MetricSample): Promise<void>;
  /** One line per metric and process over [from, to], at the resolution given. */
  read(metrics: readonly MetricName[], from: Date, to: Date, resolutionSeconds: number): Promise<MetricSeries[]>;
  aggregate(metric: MetricName, aggregation: MetricAggregation, from: Date, to: Date): Promise<AggregateResult>;
  stats(now: Date): Promise<{ resolutions: ResolutionStats[]; instances: string[] }>;
}

/** The finest stored resolution whose retention covers a range (a longer range than 30 days reads the coarsest). */
export function resolutionFor(durationSeconds: number): number {
  const covering = METRIC_RESOLUTIONS.find((resolution) => resolution.keepSeconds >= durationSeconds);
  return (covering ?? METRIC_RESOLUTIONS[2]).seconds;
}

/** The metrics of a history type. */
export function metricsFor(type: MetricType): MetricName[] {
  return metricsOfType(type);
}

/** Points of one metric and process, oldest first: a piece of a history line. */
export interface SeriesPiece {
  metric: MetricName;
  instance: string;
  points: [number, number][];
}

/** Joins pieces into one line per metric and process (pieces given oldest first), in catalog order. */
export function toSeries(pieces: Iterable<SeriesPiece>): MetricSeries[] {
  const byKey = new Map<string, MetricSeries>();
  for (const piece of pieces) {
    const key = `${piece.metric}\u0000${piece.instance}`;
    const series = byKey.get(key);
    if (series) {
      for (const point of piece.points) series.points.push(point);
      continue;
    }
    const definition = METRIC_CATALOG[piece.metric];
    byKey.set(key, {
      metric: piece.metric,
      label: definition.label,
      unit: definition.unit,
      instance: piece.instance,
      points: piece.points,
    });
  }
  const order = new Map(Object.keys(METRIC_CATALOG).map((name, index) => [name, index]));
  return [...byKey.values()].sort(
    (a, b) => (order.get(a.metric) ?? 0) - (order.get(b.metric) ?? 0) || a.instance.localeCompare(b.instance),
  );
}
