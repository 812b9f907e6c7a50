import { INFLUX_TAG_VALUES_PREVIEW, type InfluxField, type InfluxMeasurement, type InfluxTag } from '@guildhall/contract';
import { ServiceUnreachableError } from '../../services/fetch-service';
import type { InfluxClient } from '../../services/influx/influx-client';
import { influxqlTarget, type ResolvedBucket } from './buckets';
import type { DetectedEngine } from './engine';
import { isDeadline } from './influx-errors';
import { columnValues, influxql, showTagKeys } from './influxql';
import { fluxRecords } from './point-source';
import { fluxString, influxqlIdentifier, influxqlSince } from './quoting';

const CATALOGUE_TIMEOUT_MS = 10_000;
/** How long an exact count may take before the explorer falls back to an estimate (spec: answer in < 1 s). */
export const EXACT_COUNT_BUDGET_MS = 500;
/** The estimate counts the newest 1/ESTIMATE_SHARE of the range and scales it up. */
const ESTIMATE_SHARE = 100;
const ESTIMATE_BUDGET_MS = 250;

/** Point counts per measurement over a range, and whether they are exact. */
export interface PointCounts {
  counts: Map<string, number>;
  isEstimate: boolean;
}

const FLUX_SCHEMA = 'import "influxdata/influxdb/schema"';

/** '-7d' → seconds. */
function rangeSeconds(range: string): number {
  const match = /^-(\d+)(ms|s|m|h|d|w)$/.exec(range);
  if (!match) return 3600;
  const factor = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 }[match[2] as 's'];
  return Number(match[1]) * factor;
}

/** Points per measurement over `range`: 1.x counts every field and keeps the largest (a point has them all). */
async function countOnce(
  influx: InfluxClient,
  engine: DetectedEngine,
  bucket: ResolvedBucket,
  range: string | null,
  timeoutMs: number,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const keep = (measurement: string, count: number) => {
    if (Number.isFinite(count)) counts.set(measurement, Math.max(counts.get(measurement) ?? 0, count));
  };
  if (engine.isV2) {
    const query = `from(bucket: ${fluxString(bucket.name)})
  |> range(start: ${range ?? '0'})
  |> group(columns: ["_measurement", "_field"])
  |> count()`;
    for await (const { record } of fluxRecords(influx, query, { timeoutMs })) {
      if (typeof record._measurement === 'string') keep(record._measurement, Number(record._value ?? 0));
    }
    return counts;
  }
  const target = influxqlTarget(bucket);
  const from = `${influxqlIdentifier(target.database)}.${target.retentionPolicy ? influxqlIdentifier(target.retentionPolicy) : ''}./.*/`;
  const where = range ? ` WHERE time > ${influxqlSince(range)}` : '';
  const series = await influxql(influx, `SELECT count(*) FROM ${from}${where}`, {
    database: target.database,
    timeoutMs,
  });
  for (const one of series) {
    const row = one.values[0] ?? [];
    one.columns.forEach((column, index) => {
      if (column.startsWith('count_')) keep(one.name, Number(row[index] ?? 0));
    });
  }
  return counts;
}

/** A count too slow for the budget goes on in the background this long; its answer serves later calls. */
const BACKGROUND_COUNT_TIMEOUT_MS = 120_000;
const BACKGROUND_COUNT_KEEP_MS = 5 * 60_000;
const backgroundCounts = new Map<string, { counts: Map<string, number> | null; at: number; isRunning: boolean }>();

/** The last background count of a bucket and range, starting a new one when none is running. */
function backgroundCount(key: string, count: () => Promise<Map<string, number>>): Map<string, number> | null {
  let entry = backgroundCounts.get(key);
  if (!entry) {
    if (backgroundCounts.size >= 100) backgroundCounts.clear();
    entry = { counts: null, at: 0, isRunning: false };
    backgroundCounts.set(key, entry);
  }
  const current = entry;
  if (!current.isRunning) {
    current.isRunning = true;
    count()
      .then((counts) => Object.assign(current, { counts, at: Date.now() }))
      .catch(() => undefined)
      .finally(() => {
        current.isRunning = false;
      });
  }
  return current.counts && Date.now() - current.at < BACKGROUND_COUNT_KEEP_MS ? current.counts : null;
}

/**
 * Point counts that answer in about a second whatever the bucket's size, marked as estimates unless exact: an
 * exact count when it finishes within the budget; else the last full count run in the background (started now
 * if none runs), or until there is one, the newest 1/100 of the range scaled up. Over all time (range null) that
 * sample is the last day, a lower bound.
 */
export async function countPoints(
  influx: InfluxClient,
  engine: DetectedEngine,
  bucket: ResolvedBucket,
  range: string | null,
  budgetMs = EXACT_COUNT_BUDGET_MS,
): Promise<PointCounts> {
  try {
    return { counts: await countOnce(influx, engine, bucket, range, budgetMs), isEstimate: false };
  } catch (error) {
    if (!isTimeout(error)) throw error;
  }
  const key = `${influx.url}|${bucket.name}|${range ?? 'all'}`;
  const previous = backgroundCount(key, () => countOnce(influx, engine, bucket, range, BACKGROUND_COUNT_TIMEOUT_MS));
  if (previous) return { counts: previous, isEstimate: true };
  const seconds = range ? Math.max(1, Math.round(rangeSeconds(range) / ESTIMATE_SHARE)) : 86_400;
  const scale = range ? ESTIMATE_SHARE : 1;
  try {
    const sample = await countOnce(influx, engine, bucket, `-${seconds}s`, ESTIMATE_BUDGET_MS);
    return { counts: new Map([...sample].map(([name, count]) => [name, count * scale])), isEstimate: true };
  } catch (error) {
    if (!isTimeout(error)) throw error;
    return { counts: new Map(), isEstimate: true };
  }
}

/** A timeout of our own deadline (fetchService's message, or an aborted body read). */
function isTimeout(error: unknown): boolean {
  return isDeadline(error) || (error instanceof ServiceUnreachableError && /did not answer within/.test(error.message));
}

/** A bucket's measurement names. */
export async function listMeasurementNames(
  influx: InfluxClient,
  engine: DetectedEngine,
  bucket: ResolvedBucket,
): Promise<string[]> {
  if (engine.isV2) {
    const names: string[] = [];
    const query = `${FLUX_SCHEMA}\nschema.measurements(bucket: ${fluxString(bucket.name)})`;
    for await (const { record } of fluxRecords(influx, query, { timeoutMs: CATALOGUE_TIMEOUT_MS })) {
      if (typeof record._value === 'string') names.push(record._value);
    }
    return names.sort();
  }
  const series = await influxql(influx, 'SHOW MEASUREMENTS', {
    database: influxqlTarget(bucket).database,
    timeoutMs: CATALOGUE_TIMEOUT_MS,
  });
  return columnValues(series, 'name').map(String).sort();
}

/** The explorer's measurement list: every measurement of the bucket with its points over the range. */
export async function listMeasurements(
  influx: InfluxClient,
  engine: DetectedEngine,
  bucket: ResolvedBucket,
  range: string,
): Promise<InfluxMeasurement[]> {
  const [names, { counts, isEstimate }] = await Promise.all([
    listMeasurementNames(influx, engine, bucket),
    countPoints(influx, engine, bucket, range),
  ]);
  return names.map((name) => ({ name, count: Math.round(counts.get(name) ?? 0), isEstimate }));
}

const FLUX_TAG_HIDDEN = new Set(['_start', '_stop', '_measurement', '_field']);

/** Flux's values of one query, as text. */
async function fluxValues(influx: InfluxClient, query: string): Promise<string[]> {
  const values: string[] = [];
  for await (const { record } of fluxRecords(influx, query, { timeoutMs: CATALOGUE_TIMEOUT_MS })) {
    if (record._value !== null && record._value !== undefined) values.push(String(record._value));
  }
  return values;
}

/** A measurement's tags with their first INFLUX_TAG_VALUES_PREVIEW values and how many more there are. */
export async function listTags(
  influx: InfluxClient,
  engine: DetectedEngine,
  bucket: ResolvedBucket,
  measurement: string,
  range: string,
): Promise<InfluxTag[]> {
  if (engine.isV2) {
    const predicate = `(r) => r._measurement == ${fluxString(measurement)}`;
    const args = `bucket: ${fluxString(bucket.name)}, predicate: ${predicate}, start: ${range}`;
    const keys = (await fluxValues(influx, `${FLUX_SCHEMA}\nschema.tagKeys(${args})`)).filter((key) => !FLUX_TAG_HIDDEN.has(key));
    return Promise.all(
      keys.map(async (key) => {
        const tagArgs = `${args}, tag: ${fluxString(key)}`;
        const [values, total] = await Promise.all([
          fluxValues(influx, `${FLUX_SCHEMA}\nschema.tagValues(${tagArgs})\n  |> limit(n: ${INFLUX_TAG_VALUES_PREVIEW})`),
          fluxValues(influx, `${FLUX_SCHEMA}\nschema.tagValues(${tagArgs})\n  |> count()`),
        ]);
        return { name: key, values, moreCount: Math.max(0, Number(total[0] ?? values.length) - values.length) };
      }),
    );
  }
  const { database } = influxqlTarget(bucket);
  const options = { database, timeoutMs: CATALOGUE_TIMEOUT_MS };
  const from = influxqlIdentifier(measurement);
  const keys = await showTagKeys(influx, database, measurement, CATALOGUE_TIMEOUT_MS);
  return Promise.all(
    keys.map(async (key) => {
      const withKey = `FROM ${from} WITH KEY = ${influxqlIdentifier(key)}`;
      const [values, cardinality] = await Promise.all([
        influxql(influx, `SHOW TAG VALUES ${withKey} LIMIT ${INFLUX_TAG_VALUES_PREVIEW}`, options),
        influxql(influx, `SHOW TAG VALUES EXACT CARDINALITY ${withKey}`, options),
      ]);
      const shown = columnValues(values, 'value').map(String);
      const total = Number(columnValues(cardinality, 'count')[0] ?? shown.length);
      return { name: key, values: shown, moreCount: Math.max(0, total - shown.length) };
    }),
  );
}

const FLUX_TYPES: Record<string, InfluxField['type']> = {
  double: 'float',
  long: 'integer',
  unsignedLong: 'unsigned',
  boolean: 'boolean',
  string: 'string',
};

/** A measurement's fields with their types (1.x: SHOW FIELD KEYS; 2.x: the type of each field's last value). */
export async function listFields(
  influx: InfluxClient,
  engine: DetectedEngine,
  bucket: ResolvedBucket,
  measurement: string,
  range: string,
): Promise<InfluxField[]> {
  if (engine.isV2) {
    const query = `from(bucket: ${fluxString(bucket.name)})
  |> range(start: ${range})
  |> filter(fn: (r) => r._measurement == ${fluxString(measurement)})
  |> group(columns: ["_field"])
  |> last()`;
    const fields = new Map<string, InfluxField['type']>();
    for await (const { record, tableMeta } of fluxRecords(influx, query, { timeoutMs: CATALOGUE_TIMEOUT_MS })) {
      const dataType = tableMeta.column('_value', false).dataType;
      if (typeof record._field === 'string') fields.set(record._field, FLUX_TYPES[dataType] ?? 'string');
    }
    return [...fields].map(([name, type]) => ({ name, type })).sort((a, b) => a.name.localeCompare(b.name));
  }
  const series = await influxql(influx, `SHOW FIELD KEYS FROM ${influxqlIdentifier(measurement)}`, {
    database: influxqlTarget(bucket).database,
    timeoutMs: CATALOGUE_TIMEOUT_MS,
  });
  const names = columnValues(series, 'fieldKey');
  const types = columnValues(series, 'fieldType');
  return names.map((name, index) => ({
    name: String(name),
    type: (FLUX_TYPES[String(types[index])] ?? (String(types[index]) as InfluxField['type'])) || 'string',
  }));
}
