import type { InfluxLanguage, InfluxPoint } from '@guildhall/contract';
import type { InfluxClient } from '../../services/influx/influx-client';
import { influxqlTarget, resolveBucket } from './buckets';
import { assertLanguageSupported, type DetectedEngine } from './engine';
import { columnValues, influxql, showTagKeys } from './influxql';
import { fluxRows, type InfluxQLTarget, influxqlCsvRows, influxqlRows } from './point-source';
import { influxqlIdentifier } from './quoting';
import { assertReadOnlyQuery } from './read-only';

/** One read as the query runner, the exports and the debug interface ask for it. */
export interface PointsRequest {
  query: string;
  language: InfluxLanguage;
  bucket?: string | undefined;
}

/** Where an InfluxQL read runs: the named bucket (looked up), else the database Guildhall writes to. */
async function targetOf(influx: InfluxClient, engine: DetectedEngine, bucket: string | undefined): Promise<InfluxQLTarget> {
  if (!bucket) return { database: engine.isV2 ? influx.bucket : influx.database, retentionPolicy: null };
  return influxqlTarget(await resolveBucket(influx, engine, bucket));
}

/**
 * Checks a read (one read-only statement in a language the server speaks) and opens it: the points arrive in
 * chunks as InfluxDB streams them, so a caller that stops reading stops InfluxDB too.
 */
export async function openPoints(
  influx: InfluxClient,
  engine: DetectedEngine,
  request: PointsRequest,
  options: { timeoutMs: number; signal?: AbortSignal; chunkSize?: number; isBulk?: boolean },
): Promise<AsyncGenerator<InfluxPoint[]>> {
  assertLanguageSupported(engine, request.language);
  assertReadOnlyQuery(request.query, request.language);
  if (request.language === 'flux') return fluxRows(influx, request.query, options);
  const target = await targetOf(influx, engine, request.bucket);
  const known = new Map<string, Promise<ReadonlySet<string>>>();
  const tagKeys = (measurement: string) => {
    let keys = known.get(measurement);
    if (!keys) {
      keys = showTagKeys(influx, target.database, measurement, options.timeoutMs)
        .then((names) => new Set(names))
        .catch(() => new Set<string>());
      known.set(measurement, keys);
    }
    return keys;
  };
  if (!options.isBulk) return influxqlRows(influx, request.query, target, { ...options, tagKeys });
  // Whole results (exports) read InfluxDB's CSV, which it writes faster than JSON; field types restore the values'.
  const types = new Map<string, Promise<ReadonlyMap<string, string>>>();
  const fieldTypes = (measurement: string) => {
    let known = types.get(measurement);
    if (!known) {
      known = influxql(influx, `SHOW FIELD KEYS FROM ${influxqlIdentifier(measurement)}`, {
        database: target.database,
        timeoutMs: options.timeoutMs,
      })
        .then((series) => {
          const names = columnValues(series, 'fieldKey');
          const kinds = columnValues(series, 'fieldType');
          return new Map(names.map((name, index) => [String(name), String(kinds[index])]));
        })
        .catch(() => new Map<string, string>());
      types.set(measurement, known);
    }
    return known;
  };
  return influxqlCsvRows(influx, request.query, target, { ...options, tagKeys, fieldTypes });
}

/** Reads at most `cap` points; isCapped says more existed (InfluxDB is stopped at cap + 1). */
export async function readCapped(
  influx: InfluxClient,
  engine: DetectedEngine,
  request: PointsRequest,
  options: { timeoutMs: number; cap: number },
): Promise<{ rows: InfluxPoint[]; isCapped: boolean }> {
  const stop = new AbortController();
  const rows: InfluxPoint[] = [];
  let isCapped = false;
  const chunkSize = Math.min(options.cap + 1, 1000);
  const points = await openPoints(influx, engine, request, { ...options, signal: stop.signal, chunkSize });
  try {
    for await (const chunk of points) {
      for (const row of chunk) {
        if (rows.length === options.cap) {
          isCapped = true;
          break;
        }
        rows.push(row);
      }
      if (isCapped) break;
    }
  } finally {
    stop.abort();
  }
  return { rows, isCapped };
}
