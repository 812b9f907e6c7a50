import type { CpuInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuPercentBetween, HostSampler, processCpuPercent, readCpuTimes } from './host-sampler';

const core = (user: number, sys: number, idle: number): CpuInfo => ({
  model: 'test',
  speed: 1000,
  times: { user, nice: 0, sys, irq: 0, idle },
});

describe('CPU arithmetic', () => {
  it('sums every core into busy and total time', () => {
    expect(readCpuTimes([core(100, 50, 850), core(300, 0, 700)])).toEqual({ busy: 450, total: 2000 });
  });

  it('takes the busy share of the time between two readings', () => {
    const before = readCpuTimes([core(100, 0, 900), core(100, 0, 900)]);
    const after = readCpuTimes([core(700, 100, 1200), core(200, 0, 1800)]);
    // busy grew by 800 ms of 2000 ms that passed over both cores
    expect(cpuPercentBetween(before, after)).toBe(40);
  });

  it('answers 0 when no time passed, and never leaves 0..100', () => {
    const same = { busy: 10, total: 100 };
    expect(cpuPercentBetween(same, same)).toBe(0);
    expect(cpuPercentBetween({ busy: 0, total: 0 }, { busy: 500, total: 100 })).toBe(100);
  });

  it("gives the process's share of the whole machine", () => {
    // 500 ms of CPU in 1 s on 2 cores is a quarter of the machine.
    expect(processCpuPercent(500_000, 1000, 2)).toBe(25);
    expect(processCpuPercent(1, 0, 2)).toBe(0);
  });
});

describe('HostSampler', () => {
  it('reads real figures before its first interval ends', () => {
    const sampler = new HostSampler();
    let spin = 0;
    for (let i = 0; i < 2_000_000; i++) spin += i;
    const figures = sampler.read();
    expect(spin).toBeGreaterThan(0);
    expect(figures.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(figures.cpuPercent).toBeLessThanOrEqual(100);
    expect(figures.memory.total).toBeGreaterThan(figures.memory.used);
    expect(figures.memory.usagePercent).toBeGreaterThan(0);
  });
});
