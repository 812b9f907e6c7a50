// An open-loop schedule: `count` calls sent at evenly spaced times over `spreadMs`, through at most `connections` at
// once, each call's latency counted from its scheduled send time, so time spent waiting for a connection (or behind a
// late timer of the bench itself) counts as the caller would feel it. A closed loop (next call when one returns)
// measures the queue it builds, not the call.

/** What a scheduled run gives: each call's milliseconds from its scheduled time, sorted; failures; the run's length. */
export interface OpenLoopRun {
  latencies: number[];
  failed: number;
  ms: number;
}

export async function openLoop(
  count: number,
  spreadMs: number,
  connections: number,
  task: (index: number) => Promise<boolean>,
): Promise<OpenLoopRun> {
  const latencies: number[] = [];
  let failed = 0;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    if (inFlight < connections) {
      inFlight++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };
  const started = performance.now();
  const interval = count > 1 ? spreadMs / (count - 1) : 0;
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const scheduledAt = started + index * interval;
      const wait = scheduledAt - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await slot();
      try {
        if (await task(index)) latencies.push(performance.now() - scheduledAt);
        else failed++;
      } finally {
        release();
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), failed, ms: performance.now() - started };
}
