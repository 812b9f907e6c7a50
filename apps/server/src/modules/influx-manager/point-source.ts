import type { InfluxPoint } from '@guildhall/contract';
import { chunksToLinesIterable, type FluxTableMetaData, LineSplitter, linesToRowsIterable } from '@influxdata/influxdb-client';
import { type InfluxClient, InfluxQueryError, type InfluxSeries } from '../../services/influx/influx-client';

/** Where an InfluxQL statement runs: 1.x's database and retention policy (2.x maps them to a bucket). */
export interface InfluxQLTarget {
  database: string;
  retentionPolicy: string | null;
}

/** Options of one streamed read. */
export interface ReadOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Points per chunk InfluxDB sends (1.x chunked answers). */
  chunkSize?: number;
}

interface ChunkAnswer {
  results?: { series?: InfluxSeries[]; error?: string }[];
  error?: string;
  message?: string;
}

/**
 * Streamed reads ask for an uncompressed answer: fetch's gzip decoder reads ahead of a slow consumer, so a
 * compressed export would pile up in memory (48 MB for 2 million points read slowly, 0.6 MB uncompressed).
 */
const STREAMED = { 'accept-encoding': 'identity' } as const;

/** Newline-delimited text of a streamed body, one line at a time. */
async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.decode(chunk, { stream: true });
    let end = rest.indexOf('\n');
    while (end >= 0) {
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (line.trim() !== '') yield line;
      end = rest.indexOf('\n');
    }
  }
  rest += decoder.decode();
  if (rest.trim() !== '') yield rest;
}

/**
 * The series of one InfluxQL read as InfluxDB streams them (`chunked=true`): one chunk of at most chunkSize
 * points at a time, so memory holds a chunk, never the result. Errors InfluxDB reports become InfluxQueryError.
 */
export async function* influxqlSeries(
  influx: InfluxClient,
  query: string,
  target: InfluxQLTarget,
  options: ReadOptions,
): AsyncGenerator<InfluxSeries> {
  const params: Record<string, string> = {
    db: target.database,
    q: query,
    chunked: 'true',
    chunk_size: String(options.chunkSize ?? 1000),
  };
  if (target.retentionPolicy) params.rp = target.retentionPolicy;
  const response = await influx.request('/query', {
    params,
    headers: STREAMED,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  if (!response.body) throw new InfluxQueryError(`InfluxDB answered ${response.status} to /query`);
  if (!response.ok && !response.headers.get('content-type')?.includes('json')) {
    throw new InfluxQueryError(`InfluxDB answered ${response.status} to /query: ${(await response.text()).slice(0, 500)}`);
  }
  for await (const line of linesOf(response.body)) {
    const answer = JSON.parse(line) as ChunkAnswer;
    const error = answer.error ?? answer.message ?? answer.results?.find((result) => result.error)?.error;
    if (error) throw new InfluxQueryError(error);
    for (const result of answer.results ?? []) yield* result.series ?? [];
  }
}

/** Tag keys per measurement, looked up once per read, to tell SELECT *'s tag columns from its fields. */
export type TagKeyLookup = (measurement: string) => Promise<ReadonlySet<string>>;

/**
 * The points of a series as the screens show them: one row per non-null field value, with the series' tags and
 * the tag columns SELECT * returns. Rows without a time column (SHOW …) name each column as the field.
 */
export function seriesRows(series: InfluxSeries, tagKeys: ReadonlySet<string>): InfluxPoint[] {
  const timeIndex = series.columns.indexOf('time');
  const tagIndexes: number[] = [];
  const fieldIndexes: number[] = [];
  series.columns.forEach((column, index) => {
    if (index === timeIndex) return;
    (tagKeys.has(column) ? tagIndexes : fieldIndexes).push(index);
  });
  const rows: InfluxPoint[] = [];
  // A series with no rows (SHOW USERS with no users, SHOW CONTINUOUS QUERIES of a database without any) has no values.
  for (const values of series.values ?? []) {
    const tags: Record<string, string> = { ...(series as { tags?: Record<string, string> }).tags };
    for (const index of tagIndexes) {
      const value = values[index];
      if (value !== null && value !== undefined && value !== '') tags[series.columns[index] as string] = String(value);
    }
    const time = timeIndex >= 0 ? presentTime(values[timeIndex]) : null;
    for (const index of fieldIndexes) {
      const value = values[index];
      if (value === null || value === undefined) continue;
      rows.push({
        time,
        measurement: series.name ?? null,
        field: series.columns[index] as string,
        value:
          typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : JSON.stringify(value),
        tags,
      });
    }
  }
  return rows;
}

function presentTime(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return new Date(value).toISOString();
  return null;
}

/** The rows of one InfluxQL read, chunk by chunk. */
export async function* influxqlRows(
  influx: InfluxClient,
  query: string,
  target: InfluxQLTarget,
  options: ReadOptions & { tagKeys: TagKeyLookup },
): AsyncGenerator<InfluxPoint[]> {
  for await (const series of influxqlSeries(influx, query, target, options)) {
    yield seriesRows(series, series.name ? await options.tagKeys(series.name) : new Set());
  }
}

/** Field types per measurement (SHOW FIELD KEYS), to give CSV's text values their JSON types back. */
export type FieldTypeLookup = (measurement: string) => Promise<ReadonlyMap<string, string>>;

// Points of an export come in time order: the date part of the last second is reused.
let lastSecond = '';
let lastSecondIso = '';

/** InfluxDB's nanosecond epoch as ISO 8601 (at least milliseconds, more digits when they are not zero). */
export function nanosToIso(nanos: string): string | null {
  if (!/^\d{10,}$/.test(nanos)) return /^-?\d+$/.test(nanos) ? new Date(Math.floor(Number(nanos) / 1e6)).toISOString() : null;
  const second = nanos.slice(0, -9);
  if (second !== lastSecond) {
    lastSecond = second;
    lastSecondIso = new Date(Number(second) * 1000).toISOString().slice(0, 19);
  }
  const fraction = nanos.slice(-9);
  return `${lastSecondIso}.${fraction.endsWith('000000') ? fraction.slice(0, 3) : fraction.replace(/0+$/, '')}Z`;
}

function typedValue(text: string, type: string | undefined): InfluxPoint['value'] {
  if (type === 'float' || type === 'integer' || type === 'unsigned') return Number(text);
  if (type === 'boolean') return text === 'true';
  if (type === 'string') return text;
  // Aggregates (count, mean…) have no field type: numbers read as numbers.
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

/**
 * The rows of one InfluxQL read from InfluxDB's CSV answer (`Accept: application/csv`, chunked): InfluxDB writes
 * CSV two to three times faster than JSON, so exports read this. Lines are split by the official client's
 * quote-aware line reader and LineSplitter; tag columns and field types come from the catalogue.
 */
export async function* influxqlCsvRows(
  influx: InfluxClient,
  query: string,
  target: InfluxQLTarget,
  options: ReadOptions & { tagKeys: TagKeyLookup; fieldTypes: FieldTypeLookup },
): AsyncGenerator<InfluxPoint[]> {
  const params: Record<string, string> = {
    db: target.database,
    q: query,
    chunked: 'true',
    chunk_size: String(options.chunkSize ?? 1000),
  };
  if (target.retentionPolicy) params.rp = target.retentionPolicy;
  const response = await influx.request('/query', {
    params,
    headers: { ...STREAMED, accept: 'application/csv' },
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  if (!response.body) throw new InfluxQueryError(`InfluxDB answered ${response.status} to /query`);
  const splitter = new LineSplitter();
  let header: string[] | null = null;
  let isError = false;
  let batch: InfluxPoint[] = [];
  const tagSets = new Map<string, Record<string, string>>();
  type Kinds = { measurement: string; tags: ReadonlySet<string>; types: ReadonlyMap<string, string> };
  let kinds = null as Kinds | null;
  for await (const line of chunksToLinesIterable(response.body)) {
    if (line === '') continue;
    const cells = splitter.splitLine(line);
    if (isError) throw new InfluxQueryError(cells[0] ?? 'InfluxDB refused the query');
    if (cells.length === 1 && cells[0] === 'error' && header === null) {
      isError = true;
      continue;
    }
    // A header names the columns: name, tags, then time and the values (a tag set always holds '=').
    if (cells[1] === 'tags') {
      header = [...cells];
      tagSets.clear();
      continue;
    }
    if (!header) continue;
    const measurement = cells[0] ?? '';
    if (kinds?.measurement !== measurement) {
      const [tagKeys, types]: [ReadonlySet<string>, ReadonlyMap<string, string>] = await Promise.all([
        options.tagKeys(measurement),
        options.fieldTypes(measurement),
      ]);
      kinds = { measurement, tags: tagKeys, types };
    }
    const hasTime = header[2] === 'time';
    const time = hasTime ? nanosToIso(cells[2] ?? '') : null;
    // Points of one series share one tags object (and the export escapes it once).
    let key = `${measurement}\u0000${cells[1] ?? ''}`;
    for (let index = hasTime ? 3 : 2; index < header.length; index++) {
      if (kinds.tags.has(header[index] as string)) key += `\u0000${cells[index] ?? ''}`;
    }
    let tags = tagSets.get(key);
    if (!tags) {
      tags = {};
      for (const pair of (cells[1] ?? '').split(',')) {
        const at = pair.indexOf('=');
        if (at > 0) tags[pair.slice(0, at)] = pair.slice(at + 1);
      }
      for (let index = hasTime ? 3 : 2; index < header.length; index++) {
        const column = header[index] as string;
        const text = cells[index] ?? '';
        if (kinds.tags.has(column) && text !== '') tags[column] = text;
      }
      if (tagSets.size > 10_000) tagSets.clear();
      tagSets.set(key, tags);
    }
    for (let index = hasTime ? 3 : 2; index < header.length; index++) {
      const column = header[index] as string;
      const text = cells[index] ?? '';
      if (text === '' || kinds.tags.has(column)) continue;
      batch.push({ time, measurement, field: column, value: typedValue(text, kinds.types.get(column)), tags });
    }
    if (batch.length >= (options.chunkSize ?? 1000)) {
      yield batch;
      batch = [];
    }
  }
  if (isError) throw new InfluxQueryError('InfluxDB refused the query');
  if (batch.length > 0) yield batch;
}

/** Flux's own columns, which are neither tags nor the point itself. */
const FLUX_META_COLUMNS = new Set(['result', 'table', '_start', '_stop', '_time', '_value', '_field', '_measurement']);

/** A 2.x /api/v2/query error body: { code, message }. */
async function fluxError(response: Response): Promise<InfluxQueryError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: string; error?: string };
    return new InfluxQueryError(body.message ?? body.error ?? text);
  } catch {
    return new InfluxQueryError(`InfluxDB answered ${response.status} to /api/v2/query: ${text.slice(0, 500)}`);
  }
}

/** One record of a Flux answer with its table's columns (labels, data types). */
export interface FluxRecord {
  record: Record<string, unknown>;
  tableMeta: FluxTableMetaData;
}

/**
 * The records of one Flux read (2.x /api/v2/query), parsed from the annotated CSV as it streams by the official
 * client's parser. A Flux runtime error, which arrives as a table with an error column, throws InfluxQueryError.
 */
export async function* fluxRecords(influx: InfluxClient, query: string, options: ReadOptions): AsyncGenerator<FluxRecord> {
  const response = await influx.request('/api/v2/query', {
    method: 'POST',
    params: influx.org ? { org: influx.org } : {},
    headers: { ...STREAMED, 'content-type': 'application/json', accept: 'application/csv' },
    body: JSON.stringify({
      query,
      type: 'flux',
      dialect: { header: true, delimiter: ',', annotations: ['datatype', 'group', 'default'], commentPrefix: '#' },
    }),
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  if (!response.ok || !response.body) throw await fluxError(response);
  for await (const { values, tableMeta } of linesToRowsIterable(chunksToLinesIterable(response.body))) {
    const record = tableMeta.toObject(values);
    if (tableMeta.columns.some((column) => column.label === 'error') && typeof record.error === 'string' && record.error) {
      throw new InfluxQueryError(record.error);
    }
    yield { record, tableMeta };
  }
}

/** A Flux record as the screens show a point: _time, _measurement, _field, _value, the other columns as tags. */
export function fluxRow({ record, tableMeta }: FluxRecord): InfluxPoint {
  const tags: Record<string, string> = {};
  for (const column of tableMeta.columns) {
    if (FLUX_META_COLUMNS.has(column.label)) continue;
    const value = record[column.label];
    if (value !== null && value !== undefined && value !== '') tags[column.label] = String(value);
  }
  const value = record._value;
  return {
    time: typeof record._time === 'string' ? record._time : null,
    measurement: typeof record._measurement === 'string' ? record._measurement : null,
    field: typeof record._field === 'string' ? record._field : null,
    value: typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : null,
    tags,
  };
}

/** The rows of one Flux read, in batches of chunkSize. */
export async function* fluxRows(influx: InfluxClient, query: string, options: ReadOptions): AsyncGenerator<InfluxPoint[]> {
  let batch: InfluxPoint[] = [];
  for await (const record of fluxRecords(influx, query, options)) {
    batch.push(fluxRow(record));
    if (batch.length >= (options.chunkSize ?? 1000)) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
