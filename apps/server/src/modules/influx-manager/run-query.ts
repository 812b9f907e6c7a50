import { INFLUX_DISPLAY_ROWS, INFLUX_QUERY_ROW_CAP, type InfluxQueryResult, influxRowOf } from '@guildhall/contract';
import { auditInflux, type InfluxAuditAction, type InfluxContext } from './influx-context';
import { influxFailure } from './influx-errors';
import { type PointsRequest, readCapped } from './read-points';

/**
 * Runs one read under the query timeout, holding at most INFLUX_QUERY_ROW_CAP points: InfluxDB streams the
 * answer and is stopped at cap + 1, so a query over ten million points costs the server one chunk. Audited.
 */
export async function runInfluxQuery(
  context: InfluxContext,
  request: PointsRequest,
  action: InfluxAuditAction = 'influx.query_run',
): Promise<InfluxQueryResult> {
  const start = performance.now();
  const durationMs = () => Math.round((performance.now() - start) * 100) / 100;
  const bucket = request.bucket ?? (context.engine.isV2 ? context.influx.bucket : context.influx.database);
  try {
    const { rows, isCapped } = await readCapped(context.influx, context.engine, request, {
      timeoutMs: context.timeoutMs,
      cap: INFLUX_QUERY_ROW_CAP,
    });
    const result: InfluxQueryResult = {
      data: rows.map(influxRowOf),
      length: rows.length,
      error: null,
      duration: durationMs(),
      totalPoints: rows.length,
      shownPoints: Math.min(rows.length, INFLUX_DISPLAY_ROWS),
      isCapped,
      language: request.language,
    };
    await auditInflux(context, action, bucket, {
      query: request.query,
      language: request.language,
      rowCount: rows.length,
      isCapped,
      durationMs: result.duration,
    });
    return result;
  } catch (error) {
    const failure = influxFailure(error, context.timeoutMs);
    await auditInflux(context, action, bucket, {
      query: request.query,
      language: request.language,
      durationMs: durationMs(),
      error: failure instanceof Error ? failure.message : String(failure),
    }).catch(() => undefined);
    throw failure;
  }
}
