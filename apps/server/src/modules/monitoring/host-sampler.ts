import os from 'node:os';

/** Cumulative CPU time of all cores, in milliseconds, as os.cpus() reports it. */
export interface CpuTimes {
  busy: number;
  total: number;
}

/** Sums os.cpus() into busy and total time. */
export function readCpuTimes(cpus: readonly os.CpuInfo[] = os.cpus()): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** Share of CPU time spent busy between two readings, in percent (0 when no time passed). */
export function cpuPercentBetween(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  if (total <= 0) return 0;
  return clampPercent(((after.busy - before.busy) / total) * 100);
}

/** This process's share of the whole machine's CPU between two process.cpuUsage() readings. */
export function processCpuPercent(usedMicros: number, elapsedMs: number, cores: number): number {
  if (elapsedMs <= 0 || cores <= 0) return 0;
  return clampPercent((usedMicros / 1000 / elapsedMs / cores) * 100);
}

function clampPercent(value: number): number {
  return Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;
}

/** The latest host and process figures. */
export interface HostFigures {
  cpuPercent: number;
  processCpuPercent: number;
  memory: { total: number; used: number; usagePercent: number };
}

/** Host memory; os.freemem() is MemAvailable on Linux, so page cache does not count as used. */
export function readMemory(): HostFigures['memory'] {
  const total = os.totalmem();
  const used = total - os.freemem();
  return { total, used, usagePercent: total > 0 ? Math.round((used / total) * 1000) / 10 : 0 };
}

/** Samples CPU use in the background, so a reading is a real interval and never a first-call zero. */
export class HostSampler {
  private cpuBefore = readCpuTimes();
  private processBefore = process.cpuUsage();
  private sampledAt = performance.now();
  private latest: { cpuPercent: number; processCpuPercent: number } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly intervalMs = 1000) {}

  /** Starts sampling; readings begin now, so the work of starting the app up does not count as load. */
  start() {
    if (this.timer) return;
    this.resetBaseline();
    this.latest = null;
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Takes a reading now, over the time since the previous one. */
  sample() {
    this.latest = this.measureSinceLastSample();
    this.resetBaseline();
  }

  private resetBaseline() {
    this.cpuBefore = readCpuTimes();
    this.processBefore = process.cpuUsage();
    this.sampledAt = performance.now();
  }

  /** The last interval's figures; before the first interval ends, the time since start-up. */
  read(): HostFigures {
    const cpu = this.latest ?? this.measureSinceLastSample();
    return { ...cpu, memory: readMemory() };
  }

  private measureSinceLastSample() {
    const cpuPercent = cpuPercentBetween(this.cpuBefore, readCpuTimes());
    const used = process.cpuUsage(this.processBefore);
    const elapsed = performance.now() - this.sampledAt;
    return { cpuPercent, processCpuPercent: processCpuPercent(used.user + used.system, elapsed, os.availableParallelism()) };
  }
}
