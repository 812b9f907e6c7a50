/** The window the dashboard's request rate and error rate cover. */
export const REQUEST_WINDOW_SECONDS = 60;

interface SecondBucket {
  second: number;
  requests: number;
  errors: number;
}

/** Requests per second and error share over the last minute. */
export interface RequestRates {
  requestsPerSecond: number;
  /** Share of responses with status 500 or above, in percent. */
  errorRate: number;
}

/**
 * Counts responses in a ring of per-second buckets: constant memory and constant work per response,
 * however busy the server is.
 */
export class RequestRate {
  private readonly buckets: SecondBucket[] = Array.from({ length: REQUEST_WINDOW_SECONDS }, () => ({
    second: -1,
    requests: 0,
    errors: 0,
  }));
  private readonly startedSecond: number;

  constructor(private readonly now: () => number = Date.now) {
    this.startedSecond = Math.floor(now() / 1000);
  }

  /** Counts one response. */
  record(statusCode: number) {
    const second = Math.floor(this.now() / 1000);
    const bucket = this.buckets[second % REQUEST_WINDOW_SECONDS]!;
    if (bucket.second !== second) {
      bucket.second = second;
      bucket.requests = 0;
      bucket.errors = 0;
    }
    bucket.requests += 1;
    if (statusCode >= 500) bucket.errors += 1;
  }

  /** Rates over the last minute, or over the time since start when that is shorter. */
  read(): RequestRates {
    const current = Math.floor(this.now() / 1000);
    let requests = 0;
    let errors = 0;
    for (const bucket of this.buckets) {
      if (bucket.second > current - REQUEST_WINDOW_SECONDS && bucket.second <= current) {
        requests += bucket.requests;
        errors += bucket.errors;
      }
    }
    const seconds = Math.min(REQUEST_WINDOW_SECONDS, current - this.startedSecond + 1);
    return {
      requestsPerSecond: Math.round((requests / seconds) * 100) / 100,
      errorRate: requests > 0 ? Math.round((errors / requests) * 10_000) / 100 : 0,
    };
  }
}
