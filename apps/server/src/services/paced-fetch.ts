import { fetchService, ServiceUnreachableError } from './fetch-service';

// The calls of a game-data source (Battle.net, Raider.IO, WoWAudit, Warcraft Logs) through one pacer: calls start at
// least 1/rate apart, a 429 holds back every call of the client for as long as its Retry-After asks, and a 429, a
// 5xx or no answer is tried again with backoff. Any other answer goes back to the caller to read.

/** How a client waits: for tests, shorter than the services' answers ask. */
export interface PacedTiming {
  /** Tries of one call on a 429, a 5xx or no answer before it fails. */
  attempts: number;
  /** The wait before the next try when the answer names none (doubles each time). */
  backoffMs: number;
  /** Longest wait a Retry-After may ask for. */
  maxWaitMs: number;
}

export const DEFAULT_PACED_TIMING: PacedTiming = { attempts: 3, backoffMs: 1000, maxWaitMs: 60_000 };

/** A call that got no usable answer after every try: the service is down, too slow or keeps limiting us. */
export class PacedCallFailed extends Error {
  override name = 'PacedCallFailed';
  constructor(
    message: string,
    /** The last status, null when nothing answered. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** Waits ms, or rejects when signal aborts; the abort listener goes when the wait ends (a sync waits thousands of times). */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Retry-After in seconds or as a date; null when absent. */
export function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** One client's pacer over `service` (its name in messages). */
export interface PacedFetch {
  /**
   * The answer to one call, after the retries; `init` is built for each try (a token may change between them).
   * Throws PacedCallFailed when the last try was a 429, a 5xx or no answer. `label` names the call in that message
   * (default: the URL's path).
   */
  call(url: string, init: () => Promise<RequestInit>, signal?: AbortSignal, label?: string): Promise<Response>;
}

/** `requestsPerSecond` may be a fraction (Raider.IO's limit is per minute). */
export function pacedFetch(
  service: string,
  settings: { timeoutMs: number; requestsPerSecond: number },
  timing: PacedTiming = DEFAULT_PACED_TIMING,
): PacedFetch {
  const spacingMs = 1000 / settings.requestsPerSecond;
  let nextStart = 0;

  async function slot(signal?: AbortSignal) {
    const now = Date.now();
    const at = Math.max(now, nextStart);
    nextStart = at + spacingMs;
    if (at > now) await sleep(at - now, signal);
  }

  return {
    async call(url, init, signal, label = new URL(url).pathname) {
      let problem = '';
      let status: number | null = null;
      for (let attempt = 1; attempt <= timing.attempts; attempt++) {
        await slot(signal);
        let response: Response;
        try {
          response = await fetchService(service, url, { ...(await init()), timeoutMs: settings.timeoutMs, signal });
        } catch (error) {
          if (!(error instanceof ServiceUnreachableError)) throw error;
          problem = error.message;
          status = null;
          if (attempt < timing.attempts) await sleep(timing.backoffMs * 2 ** (attempt - 1), signal);
          continue;
        }
        if (response.status !== 429 && response.status < 500) return response;
        await response.body?.cancel();
        status = response.status;
        problem = `${service} answered ${response.status} for ${label}`;
        const wait = Math.min(
          retryAfterMs(response.headers.get('retry-after')) ?? timing.backoffMs * 2 ** (attempt - 1),
          timing.maxWaitMs,
        );
        if (attempt < timing.attempts) {
          // A 429 holds back every call of this client, not just this one.
          if (response.status === 429) nextStart = Math.max(nextStart, Date.now() + wait);
          await sleep(wait, signal);
        }
      }
      throw new PacedCallFailed(problem, status);
    },
  };
}
