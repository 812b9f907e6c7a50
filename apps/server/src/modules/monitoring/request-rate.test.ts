import { describe, expect, it } from 'vitest';
import { RequestRate } from './request-rate';

describe('RequestRate', () => {
  it('averages over the time since start while that is under a minute', () => {
    let now = 1_000_000;
    const rate = new RequestRate(() => now);
    for (let i = 0; i < 10; i++) rate.record(200);
    now += 4_000;
    for (let i = 0; i < 10; i++) rate.record(200);
    // 20 requests over 5 seconds (the start second included).
    expect(rate.read()).toEqual({ requestsPerSecond: 4, errorRate: 0 });
  });

  it('counts 5xx answers as errors, not 4xx', () => {
    let now = 0;
    const rate = new RequestRate(() => now);
    rate.record(200);
    rate.record(404);
    rate.record(500);
    rate.record(503);
    now += 500;
    expect(rate.read().errorRate).toBe(50);
  });

  it('forgets what is older than a minute, reusing the ring', () => {
    let now = 0;
    const rate = new RequestRate(() => now);
    for (let i = 0; i < 120; i++) rate.record(500);
    now += 61_000;
    rate.record(200);
    // one request in the last 60 seconds
    expect(rate.read()).toEqual({ requestsPerSecond: 0.02, errorRate: 0 });
    now += 120_000;
    expect(rate.read()).toEqual({ requestsPerSecond: 0, errorRate: 0 });
  });
});
