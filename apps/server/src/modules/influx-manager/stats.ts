import type { InfluxStats } from '@guildhall/contract';
import type { InfluxClient } from '../../services/influx/influx-client';
import { durationSeconds, listBuckets, type ResolvedBucket } from './buckets';
import type { DetectedEngine } from './engine';
import { countPoints, listMeasurementNames } from './explore';
import { columnValues, influxql } from './influxql';
import { fluxRecords } from './point-source';
import { fluxString, influxqlIdentifier } from './quoting';

/** Counting every point of a bucket may take this long before the statistics show a lower bound instead. */
const STATS_COUNT_BUDGET_MS = 1500;
const SMALL_TIMEOUT_MS = 5000;

/** '3d 4h 12m' for the Statistics tab. */
export function uptimeText(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m ${Math.floor(seconds % 60)}s`;
}

/** How long the server has run: 1.x's SHOW DIAGNOSTICS, 2.x's influxdb_uptime_seconds metric; null if neither says. */
export async function readUptimeSeconds(influx: InfluxClient, engine: DetectedEngine): Promise<number | null> {
  try {
    if (engine.isV2) {
      const response = await influx.request('/metrics', { timeoutMs: SMALL_TIMEOUT_MS });
      if (!response.ok) return null;
      const match = /^influxdb_uptime_seconds(?:\{[^}]*\})?\s+([\d.e+]+)/m.exec(await response.text());
      return match ? Math.round(Number(match[1])) : null;
    }
    const series = await influxql(influx, 'SHOW DIAGNOSTICS', { timeoutMs: SMALL_TIMEOUT_MS });
    const uptime = columnValues(
      series.filter((one) => one.name === 'system'),
      'uptime',
    )[0];
    return typeof uptime === 'string' ? durationSeconds(uptime) : null;
  } catch {
    return null;
  }
}

/** The Statistics tab: buckets, points of one bucket (all time; a lower bound when counting takes long), uptime. */
export async function readStats(
  influx: InfluxClient,
  engine: DetectedEngine,
  bucket: ResolvedBucket | null,
): Promise<InfluxStats> {
  const [buckets, uptimeSeconds, names, counts] = await Promise.all([
    listBuckets(influx, engine),
    readUptimeSeconds(influx, engine),
    bucket ? listMeasurementNames(influx, engine, bucket) : Promise.resolve([]),
    bucket
      ? countPoints(influx, engine, bucket, null, STATS_COUNT_BUDGET_MS)
      : Promise.resolve({ counts: new Map(), isEstimate: false }),
  ]);
  return {
    buckets: buckets.length,
    totalPoints: Math.round([...counts.counts.values()].reduce((sum, count) => sum + count, 0)),
    isEstimate: counts.isEstimate,
    measurements: names.length,
    uptime: uptimeSeconds === null ? null : uptimeText(uptimeSeconds),
    uptimeSeconds,
    version: engine.version,
  };
}

/** The oldest point of a bucket (ISO 8601), null when it holds none. */
export async function readOldestPoint(
  influx: InfluxClient,
  engine: DetectedEngine,
  bucket: ResolvedBucket,
): Promise<string | null> {
  let oldest: string | null = null;
  const keep = (time: unknown) => {
    if (typeof time === 'string' && (oldest === null || time < oldest)) oldest = time;
  };
  if (engine.isV2) {
    const query = `from(bucket: ${fluxString(bucket.name)})
  |> range(start: 0)
  |> group(columns: ["_measurement"])
  |> first()
  |> keep(columns: ["_time", "_measurement"])`;
    for await (const { record } of fluxRecords(influx, query, { timeoutMs: SMALL_TIMEOUT_MS })) keep(record._time);
    return oldest;
  }
  const database = bucket.database ?? bucket.name;
  const policy = bucket.retentionPolicyName ? influxqlIdentifier(bucket.retentionPolicyName) : '';
  // Points come oldest first: the first of each measurement is its oldest.
  const series = await influxql(influx, `SELECT * FROM ${influxqlIdentifier(database)}.${policy}./.*/ LIMIT 1`, {
    database,
    timeoutMs: SMALL_TIMEOUT_MS,
  });
  for (const one of series) keep(one.values[0]?.[one.columns.indexOf('time')]);
  return oldest;
}
