import { METRIC_RESOLUTIONS, type MetricName, type MetricSample } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { AggregateResult, HistoryStore, MetricAggregation, ResolutionStats } from './history-store';
import { type SeriesPiece, toSeries } from './history-store';

/** The finest resolution: what each sample is written at. */
const RAW_SECONDS = METRIC_RESOLUTIONS[0].seconds;

/** SQL of each aggregation; the name is looked up here, so no text from the request reaches the statement. */
const AGGREGATE_SQL: Record<MetricAggregation, string> = {
  avg: 'avg(value)',
  min: 'min(value)',
  max: 'max(value)',
  sum: 'sum(value)',
  count: 'count(*)::float8',
  p95: 'percentile_cont(0.95) WITHIN GROUP (ORDER BY value)',
};

/** "t1,v1,t2,v2" as [[t1, v1], [t2, v2]]. */
function pairsOf(text: string): [number, number][] {
  const flat = JSON.parse(`[${text}]`) as number[];
  const pairs: [number, number][] = new Array(flat.length / 2);
  for (let i = 0; i < pairs.length; i++) pairs[i] = [flat[2 * i]!, flat[2 * i + 1]!];
  return pairs;
}

/** The resolutions at and below one, coarsest first. */
function resolutionsDownFrom(seconds: number): number[] {
  return METRIC_RESOLUTIONS.map((resolution) => resolution.seconds)
    .filter((candidate) => candidate <= seconds)
    .reverse();
}

/** History in the metric_points table (migration 0015); the rollup job (metrics-rollup.ts) downsamples it. */
export function createPostgresHistory(db: Queryable): HistoryStore {
  return {
    backend: 'postgresql',

    async write(sample: MetricSample) {
      const entries = Object.entries(sample.values).filter(([, value]) => Number.isFinite(value));
      await db.query(
        `INSERT INTO metric_points (resolution, metric, instance, bucket, value)
         SELECT $1, metric, $2, $3, value FROM unnest($4::text[], $5::float8[]) AS sampled(metric, value)
         ON CONFLICT DO NOTHING`,
        [RAW_SECONDS, sample.instance, sample.timestamp, entries.map(([name]) => name), entries.map(([, value]) => value)],
      );
    },

    /**
     * Reads the chosen resolution, then fills the time after its newest row from the finer ones, binned to the
     * chosen width with date_bin: the minutes not rolled up yet, or a fresh server's whole history.
     */
    async read(metrics, from, to, resolutionSeconds) {
      if (!METRIC_RESOLUTIONS.some((resolution) => resolution.seconds === resolutionSeconds)) {
        throw new Error(`${resolutionSeconds} s is not a stored resolution`);
      }
      const pieces: SeriesPiece[] = [];
      let start = from;
      for (const level of resolutionsDownFrom(resolutionSeconds)) {
        // Rolled-up rows already sit on their window's start: read as they are. Finer or raw rows are binned.
        const isBinned = level < resolutionSeconds || level === RAW_SECONDS;
        const time = isBinned
          ? `date_bin(make_interval(secs => ${resolutionSeconds}), bucket, TIMESTAMPTZ '1970-01-01Z')`
          : 'bucket';
        // One row per line, its points as one text of numbers: tens of thousands of points cost one JSON.parse,
        // not a row each.
        const { rows } = await db.query<{ metric: MetricName; instance: string; points: string; last: number }>(
          `SELECT metric, instance, string_agg(time::text || ',' || value::text, ',' ORDER BY time) AS points,
                  max(time) AS last
           FROM (
             SELECT metric, instance, (extract(epoch FROM ${time}) * 1000)::bigint AS time,
                    ${isBinned ? 'round(avg(value)::numeric, 3)' : 'value'} AS value
             FROM metric_points
             WHERE resolution = $1 AND metric = ANY($2::text[]) AND bucket >= $3 AND bucket <= $4
             ${isBinned ? 'GROUP BY metric, instance, 3' : ''}
           ) AS line
           GROUP BY metric, instance`,
          [level, metrics, start, to],
        );
        for (const row of rows) pieces.push({ metric: row.metric, instance: row.instance, points: pairsOf(row.points) });
        if (rows.length > 0) start = new Date(Math.max(...rows.map((row) => Number(row.last))) + resolutionSeconds * 1000);
      }
      // The rows hold only the metrics asked for, each a catalogued name.
      return toSeries(pieces);
    },

    /** Over the finest resolution that covers the range and holds rows, overall and per process. */
    async aggregate(metric, aggregation, from, to): Promise<AggregateResult> {
      const durationSeconds = (to.getTime() - from.getTime()) / 1000;
      const covering = METRIC_RESOLUTIONS.find((resolution) => resolution.keepSeconds >= durationSeconds)?.seconds ?? 600;
      for (const level of resolutionsDownFrom(covering)) {
        const { rows } = await db.query<{ instance: string | null; value: number | null; points: number }>(
          `SELECT instance, ${AGGREGATE_SQL[aggregation]} AS value, count(*) AS points
           FROM metric_points
           WHERE resolution = $1 AND metric = $2 AND bucket >= $3 AND bucket <= $4
           GROUP BY GROUPING SETS ((instance), ())`,
          [level, metric, from, to],
        );
        const overall = rows.find((row) => row.instance === null);
        if (!overall || Number(overall.points) === 0) continue;
        return {
          value: overall.value === null ? null : Number(overall.value),
          points: Number(overall.points),
          byInstance: rows
            .filter((row): row is typeof row & { instance: string } => row.instance !== null)
            .map((row) => ({ instance: row.instance, value: row.value === null ? null : Number(row.value) }))
            .sort((a, b) => a.instance.localeCompare(b.instance)),
        };
      }
      return { value: null, points: 0, byInstance: [] };
    },

    async stats(now) {
      const resolutions: ResolutionStats[] = [];
      for (const { seconds, keepSeconds } of METRIC_RESOLUTIONS) {
        const { rows } = await db.query<{ points: number; oldest: Date | string | null }>(
          'SELECT count(*) AS points, min(bucket) AS oldest FROM metric_points WHERE resolution = $1',
          [seconds],
        );
        const oldest = rows[0]?.oldest;
        resolutions.push({
          seconds,
          keepSeconds,
          points: Number(rows[0]?.points ?? 0),
          oldest: oldest ? new Date(oldest).toISOString() : null,
        });
      }
      // Processes that wrote in the last hour: one metric's recent rows, an index range scan.
      const { rows } = await db.query<{ instance: string }>(
        `SELECT DISTINCT instance FROM metric_points
         WHERE resolution = $1 AND metric = $2 AND bucket >= $3 ORDER BY instance`,
        [RAW_SECONDS, 'system.cpu_percent' satisfies MetricName, new Date(now.getTime() - 3_600_000)],
      );
      return { resolutions, instances: rows.map((row) => row.instance) };
    },
  };
}
