import { METRIC_MAX_RANGE_SECONDS, METRIC_NAMES, METRIC_RESOLUTIONS, type MetricSample, metricName } from '@guildhall/contract';
import type { InfluxClient } from '../../services/influx/influx-client';
import { influxqlIdentifier } from '../influx-manager/quoting';
import { type AggregateResult, type HistoryStore, type MetricAggregation, type SeriesPiece, toSeries } from './history-store';

/** The measurement every process writes its samples to, one field per metric, tagged with the process. */
export const METRICS_MEASUREMENT = 'guildhall_metrics';
const TIMEOUT_MS = 3000;

/** InfluxQL of each aggregation; the name is looked up here, never taken from the request. */
const AGGREGATE_INFLUXQL: Record<MetricAggregation, (field: string) => string> = {
  avg: (field) => `mean(${field})`,
  min: (field) => `min(${field})`,
  max: (field) => `max(${field})`,
  sum: (field) => `sum(${field})`,
  count: (field) => `count(${field})`,
  p95: (field) => `percentile(${field}, 95)`,
};

/** Line protocol escapes for a tag value and a field key: commas, equals signs and spaces. */
const escapeKey = (text: string) => text.replace(/[,= \\]/g, (c) => `\\${c}`);

/** A sample as one line of line protocol, millisecond precision. */
export function sampleLine(sample: MetricSample): string {
  const fields = Object.entries(sample.values)
    .filter(([, value]) => Number.isFinite(value))
    .map(([name, value]) => `${escapeKey(name)}=${value}`)
    .join(',');
  return `${METRICS_MEASUREMENT},instance=${escapeKey(sample.instance)} ${fields} ${Date.parse(sample.timestamp)}`;
}

interface TaggedSeries {
  columns: string[];
  values: unknown[][];
  tags?: Record<string, string>;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * History in InfluxDB. On 1.x the samples go to a database of their own (INFLUX_DATABASE + `_metrics`) created with a
 * 30-day retention, so InfluxDB itself drops old points and the bot's database keeps only the bot's measurements; on
 * 2.x they go to INFLUX_BUCKET, whose retention the operator sets, and are read through the v1-compatible /query.
 */
export function createInfluxHistory(influx: InfluxClient): HistoryStore {
  const isV2 = influx.hasV2Settings;
  const database = `${influx.database}_metrics`;
  const from = isV2
    ? influxqlIdentifier(METRICS_MEASUREMENT)
    : `${influxqlIdentifier(database)}..${influxqlIdentifier(METRICS_MEASUREMENT)}`;

  async function writeV1(body: string) {
    const write = () =>
      influx.request('/write', { method: 'POST', params: { db: database, precision: 'ms' }, body, timeoutMs: TIMEOUT_MS });
    let response = await write();
    if (response.status === 404) {
      await response.text();
      const days = METRIC_MAX_RANGE_SECONDS / 86_400;
      const created = await influx.request('/query', {
        method: 'POST',
        params: { q: `CREATE DATABASE ${influxqlIdentifier(database)} WITH DURATION ${days}d` },
        timeoutMs: TIMEOUT_MS,
      });
      await created.text();
      response = await write();
    }
    if (!response.ok) throw new Error(`InfluxDB answered ${response.status} to a metrics write: ${await response.text()}`);
  }

  // On 1.x the database is named in FROM, so the client's db parameter (the bot's database) does not matter.
  const query = async (statement: string) => (await influx.queryInfluxQL(statement, TIMEOUT_MS)) as TaggedSeries[];

  const timeRange = (start: Date, end: Date) => `time >= ${seconds(start)}s AND time <= ${seconds(end)}s`;

  return {
    backend: 'influxdb',

    async write(sample) {
      const line = sampleLine(sample);
      if (isV2) await influx.writeLines([line], TIMEOUT_MS);
      else await writeV1(line);
    },

    async read(metrics, start, end, resolutionSeconds) {
      const fields = metrics.map((name) => `mean(${influxqlIdentifier(name)}) AS ${influxqlIdentifier(name)}`).join(', ');
      const series = await query(
        `SELECT ${fields} FROM ${from} WHERE ${timeRange(start, end)} GROUP BY time(${resolutionSeconds}s), "instance" fill(none)`,
      );
      const pieces: SeriesPiece[] = [];
      for (const one of series) {
        const instance = one.tags?.instance ?? '';
        one.columns.forEach((column, index) => {
          const parsed = metricName.safeParse(column);
          if (!parsed.success) return;
          const points: [number, number][] = [];
          for (const value of one.values) {
            const reading = value[index];
            if (typeof reading === 'number') points.push([Number(value[0]), Math.round(reading * 1000) / 1000]);
          }
          if (points.length > 0) pieces.push({ metric: parsed.data, instance, points });
        });
      }
      return toSeries(pieces);
    },

    async aggregate(metric, aggregation, start, end): Promise<AggregateResult> {
      const field = influxqlIdentifier(metric);
      const select = `SELECT ${AGGREGATE_INFLUXQL[aggregation](field)} AS value, count(${field}) AS points FROM ${from} WHERE ${timeRange(start, end)}`;
      const [overall, perInstance] = await Promise.all([query(select), query(`${select} GROUP BY "instance"`)]);
      const row = overall[0]?.values[0];
      const points = Number(row?.[2] ?? 0);
      if (!row || points === 0) return { value: null, points: 0, byInstance: [] };
      return {
        value: typeof row[1] === 'number' ? row[1] : null,
        points,
        byInstance: perInstance
          .map((one) => ({
            instance: one.tags?.instance ?? '',
            value: typeof one.values[0]?.[1] === 'number' ? (one.values[0][1] as number) : null,
          }))
          .sort((a, b) => a.instance.localeCompare(b.instance)),
      };
    },

    /** InfluxDB keeps every sample at full resolution; its retention policy drops what is older. */
    async stats(now) {
      const field = influxqlIdentifier(METRIC_NAMES[0]);
      const since = new Date(now.getTime() - METRIC_MAX_RANGE_SECONDS * 1000);
      const [counted, first, tags] = await Promise.all([
        query(`SELECT count(${field}) FROM ${from} WHERE ${timeRange(since, now)}`),
        query(`SELECT first(${field}) FROM ${from} WHERE ${timeRange(since, now)}`),
        query(
          `SHOW TAG VALUES ${isV2 ? '' : `ON ${influxqlIdentifier(database)} `}FROM ${influxqlIdentifier(METRICS_MEASUREMENT)} WITH KEY = ${influxqlIdentifier('instance')}`,
        ),
      ]);
      const oldest = first[0]?.values[0]?.[0];
      return {
        resolutions: [
          {
            seconds: METRIC_RESOLUTIONS[0].seconds,
            keepSeconds: METRIC_MAX_RANGE_SECONDS,
            points: Number(counted[0]?.values[0]?.[1] ?? 0),
            oldest: typeof oldest === 'number' ? new Date(oldest).toISOString() : null,
          },
        ],
        instances: (tags[0]?.values ?? []).map((value) => String(value[1])).sort(),
      };
    },
  };
}
