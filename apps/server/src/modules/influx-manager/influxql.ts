import { type InfluxClient, InfluxQueryError, type InfluxSeries } from '../../services/influx/influx-client';
import { influxqlIdentifier } from './quoting';

/** Options of one short InfluxQL statement (catalogue reads, retention changes). */
export interface StatementOptions {
  database?: string;
  retentionPolicy?: string | null;
  /** Statements that change something go by POST, as InfluxDB requires. */
  isWrite?: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
}

interface Answer {
  results?: { series?: InfluxSeries[]; error?: string }[];
  error?: string;
  message?: string;
}

/** Runs one short InfluxQL statement whose answer is small (SHOW …, counts, ALTER …) and returns its series. */
export async function influxql(influx: InfluxClient, query: string, options: StatementOptions): Promise<InfluxSeries[]> {
  const params: Record<string, string> = { q: query };
  if (options.database) params.db = options.database;
  if (options.retentionPolicy) params.rp = options.retentionPolicy;
  const response = await influx.request('/query', {
    method: options.isWrite ? 'POST' : 'GET',
    params,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  const text = await response.text();
  let body: Answer = {};
  try {
    body = JSON.parse(text) as Answer;
  } catch {
    throw new InfluxQueryError(`InfluxDB answered ${response.status} to /query: ${text.slice(0, 500)}`);
  }
  const error = body.error ?? body.message ?? body.results?.find((result) => result.error)?.error;
  if (error || !response.ok) throw new InfluxQueryError(error ?? `InfluxDB answered ${response.status} to /query`);
  return body.results?.flatMap((result) => result.series ?? []) ?? [];
}

/** The values of one column over every series of an answer. */
export function columnValues(series: readonly InfluxSeries[], column: string): unknown[] {
  return series.flatMap((one) => {
    const index = one.columns.indexOf(column);
    return index < 0 ? [] : (one.values ?? []).map((row) => row[index]);
  });
}

/** A measurement's tag keys (SHOW TAG KEYS), the measurement quoted as data. */
export async function showTagKeys(
  influx: InfluxClient,
  database: string,
  measurement: string,
  timeoutMs: number,
): Promise<string[]> {
  const series = await influxql(influx, `SHOW TAG KEYS FROM ${influxqlIdentifier(measurement)}`, { database, timeoutMs });
  return columnValues(series, 'tagKey').map(String);
}
