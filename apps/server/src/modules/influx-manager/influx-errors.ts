import { INFLUX_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { ServiceUnreachableError } from '../../services/fetch-service';
import { InfluxQueryError } from '../../services/influx/influx-client';

/** Whether the error is our own deadline running out while InfluxDB was still sending. */
export function isDeadline(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError'))
  );
}

/**
 * The answer an InfluxDB failure gets: a refused statement is the caller's 400 with InfluxDB's words, a query
 * past its deadline a 400 that says so, and a server that does not answer a 503 naming it and its address.
 */
export function influxFailure(error: unknown, timeoutMs: number): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof InfluxQueryError)
    return new AppError('VALIDATION_FAILED', error.message, { fields: { query: error.message } });
  if (error instanceof ServiceUnreachableError) {
    if (/did not answer within/.test(error.message))
      return new AppError('VALIDATION_FAILED', INFLUX_MESSAGES.queryTimedOut(timeoutMs));
    return new AppError('SERVICE_UNAVAILABLE', error.message);
  }
  if (isDeadline(error)) return new AppError('VALIDATION_FAILED', INFLUX_MESSAGES.queryTimedOut(timeoutMs));
  return error;
}

/** A catalogue read's failure: unreachable or timed out is a 503, a refusal a 400. */
export function catalogueFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof ServiceUnreachableError) return new AppError('SERVICE_UNAVAILABLE', error.message);
  if (error instanceof InfluxQueryError) return new AppError('VALIDATION_FAILED', error.message);
  if (isDeadline(error)) return new AppError('SERVICE_UNAVAILABLE', 'InfluxDB did not answer in time');
  return error;
}
