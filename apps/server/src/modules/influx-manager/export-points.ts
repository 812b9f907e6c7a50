import { Readable } from 'node:stream';
import type { InfluxPoint } from '@guildhall/contract';
import { csvCell, csvRow } from '../guilds/csv';
import { auditInflux, type InfluxAuditAction, type InfluxContext } from './influx-context';
import { influxFailure } from './influx-errors';
import { openPoints, type PointsRequest } from './read-points';

/** An export may run long; it is cut short only when the client leaves or after this. */
const EXPORT_TIMEOUT_MS = 30 * 60_000;
/** Points per chunk InfluxDB streams for an export: the most the server holds at once. */
const EXPORT_CHUNK = 1000;

const CSV_COLUMNS = ['time', 'measurement', 'field', 'value', 'tags'];

/**
 * The CSV records of a chunk. Names repeat from point to point and every field of a point shares its tags object,
 * so their cells are escaped once (csvCell: RFC 4180 quoting, formulas neutralised) and reused.
 */
function csvWriter() {
  const names = new Map<string, string>();
  let lastTags: Record<string, string> | null = null;
  let lastTagsCell = '';
  const name = (text: string | null) => {
    if (text === null) return '';
    let cell = names.get(text);
    if (cell === undefined) {
      cell = csvCell(text);
      if (names.size < 10_000) names.set(text, cell);
    }
    return cell;
  };
  return (rows: readonly InfluxPoint[]) => {
    let text = '';
    for (const row of rows) {
      if (row.tags !== lastTags) {
        lastTags = row.tags;
        lastTagsCell = Object.keys(row.tags).length > 0 ? csvCell(JSON.stringify(row.tags)) : '';
      }
      const value = typeof row.value === 'string' ? csvCell(row.value) : row.value === null ? '' : String(row.value);
      text += `${row.time ?? ''},${name(row.measurement)},${name(row.field)},${value},${lastTagsCell}\r\n`;
    }
    return text;
  };
}

/**
 * Streams a read's whole result from InfluxDB into a CSV (time, measurement, field, value, tags as JSON; formula
 * cells neutralised) or a JSON array of points, one InfluxDB chunk at a time with the client's backpressure.
 * The first chunk is read before answering, so a refused query is a 400, not a broken download. Audited.
 */
export async function exportPoints(
  context: InfluxContext,
  request: PointsRequest & { format: 'csv' | 'json' },
  action: InfluxAuditAction,
): Promise<{ stream: Readable; filename: string; contentType: string }> {
  const stop = new AbortController();
  const bucket = request.bucket ?? (context.engine.isV2 ? context.influx.bucket : context.influx.database);
  const details = { query: request.query, language: request.language, format: request.format };
  let first: IteratorResult<InfluxPoint[]>;
  let points: AsyncGenerator<InfluxPoint[]>;
  try {
    points = await openPoints(context.influx, context.engine, request, {
      timeoutMs: EXPORT_TIMEOUT_MS,
      signal: stop.signal,
      chunkSize: EXPORT_CHUNK,
      isBulk: true,
    });
    first = await points.next();
  } catch (error) {
    stop.abort();
    const failure = influxFailure(error, EXPORT_TIMEOUT_MS);
    await auditInflux(context, action, bucket, {
      ...details,
      error: failure instanceof Error ? failure.message : String(failure),
    }).catch(() => undefined);
    throw failure;
  }
  await auditInflux(context, action, bucket, details);
  const isCsv = request.format === 'csv';
  async function* body(): AsyncGenerator<string> {
    yield isCsv ? csvRow(CSV_COLUMNS) : '[';
    const csvLines = csvWriter();
    let isFirst = true;
    for (let chunk = first; !chunk.done; chunk = await points.next()) {
      if (isCsv) {
        yield csvLines(chunk.value);
        continue;
      }
      let text = '';
      for (const row of chunk.value) {
        text += `${isFirst ? '\n' : ',\n'}${JSON.stringify(row)}`;
        isFirst = false;
      }
      yield text;
    }
    if (!isCsv) yield isFirst ? ']\n' : '\n]\n';
  }
  const stream = Readable.from(body(), { objectMode: false });
  stream.once('close', () => {
    stop.abort();
    void points.return(undefined).catch(() => undefined);
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return {
    stream,
    filename: `influx-export-${stamp}.${request.format}`,
    contentType: isCsv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
  };
}
