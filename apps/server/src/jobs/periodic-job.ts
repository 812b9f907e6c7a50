/** When a periodic job runs: once shortly after start, then every intervalMs after the previous run ended. */
export interface PeriodicTimes {
  firstRunDelayMs: number;
  intervalMs: number;
}

/**
 * A background job on a timer that never overlaps itself: a run in progress is shared, not doubled, and stop()
 * waits for it, so the database can close after. The timer does not keep the process alive.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly times: PeriodicTimes,
    private readonly work: () => Promise<void>,
  ) {}

  start() {
    if (this.timer) return;
    this.schedule(this.times.firstRunDelayMs);
  }

  /** Stops the timer and waits for a run in progress. */
  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs once now; a run already in progress is shared. */
  run(): Promise<void> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(delayMs: number) {
    this.timer = setTimeout(() => {
      void this.run().finally(() => {
        if (this.timer) this.schedule(this.times.intervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }
}
