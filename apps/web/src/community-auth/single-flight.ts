/**
 * Wraps an async task so that calls made while it runs share its one promise; the next call after it
 * settles starts it anew. Concurrent 401s therefore share one token refresh.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= task().finally(() => {
      running = null;
    });
    return running;
  };
}
