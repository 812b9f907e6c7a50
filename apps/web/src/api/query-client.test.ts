import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('shows a service-down answer at once instead of retrying it', () => {
    expect(shouldRetry(0, new ApiError(503, 'InfluxDB is unavailable right now. Try again shortly.'))).toBe(false);
  });

  it('never retries a refusal', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, new ApiError(status, 'no'))).toBe(false);
  });

  it('retries network failures and unexpected server errors twice', () => {
    for (const error of [new ApiError(0, 'network'), new ApiError(500, 'oops'), new ApiError(502, 'bad gateway')]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });
});
