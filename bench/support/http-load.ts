// A small loopback load generator: a fixed number of keep-alive connections, each sending the next request as
// soon as the last one answered, for a bounded time. Every latency is kept, so percentiles are exact.
import http from 'node:http';

/** What one load run saw. */
export interface LoadResult {
  /** Answers with a 2xx status. */
  ok: number;
  /** Answers with any other status, by status. */
  failed: Record<number, number>;
  /** Requests that got no answer within the timeout. */
  timedOut: number;
  /** Requests that failed on the socket (refused, reset). */
  errors: number;
  seconds: number;
  /** Milliseconds, sorted ascending; one per 2xx answer. */
  latencies: number[];
}

/** The value at percentile p (0-100) of an ascending list; NaN for an empty one. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, rank)]!;
}

/**
 * GETs url over `connections` keep-alive connections for `durationMs`; a request started before the end runs
 * to its answer or its timeout. Only meant for loopback addresses.
 */
export async function loadGet(
  url: string,
  options: { headers: Record<string, string>; connections: number; durationMs: number; timeoutMs: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const result: LoadResult = { ok: 0, failed: {}, timedOut: 0, errors: 0, seconds: 0, latencies: [] };
  const started = performance.now();
  const deadline = started + options.durationMs;

  const once = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      let isTimedOut = false;
      const request = http.get(url, { agent, headers: options.headers }, (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) {
            result.ok++;
            result.latencies.push(performance.now() - sent);
          } else {
            result.failed[status] = (result.failed[status] ?? 0) + 1;
          }
          resolve();
        });
      });
      request.setTimeout(options.timeoutMs, () => {
        isTimedOut = true;
        result.timedOut++;
        request.destroy();
      });
      request.on('error', () => {
        if (!isTimedOut) result.errors++;
        resolve();
      });
    });

  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  agent.destroy();
  return result;
}
