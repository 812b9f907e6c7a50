import { describe, expect, it } from 'vitest';
import { quantileOf, RequestMetrics } from './request-metrics';

describe('quantileOf', () => {
  it('takes the nearest rank of sorted values, and null for none', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantileOf(values, 0.5)).toBe(50);
    expect(quantileOf(values, 0.95)).toBe(95);
    expect(quantileOf(values, 0.99)).toBe(99);
    expect(quantileOf([7], 0.99)).toBe(7);
    expect(quantileOf([], 0.5)).toBeNull();
  });
});

describe('RequestMetrics', () => {
  it('adds up one sampling interval and starts the next empty', () => {
    const metrics = new RequestMetrics();
    for (let ms = 1; ms <= 100; ms++) metrics.record('GET', '/a', ms === 100 ? 500 : 200, ms);
    metrics.record('GET', '/stream', 200, null);
    expect(metrics.takeInterval()).toEqual({ requests: 101, errors: 1, p50: 50, p95: 95, p99: 99 });
    expect(metrics.takeInterval()).toEqual({ requests: 0, errors: 0, p50: null, p95: null, p99: null });
  });

  it('lists routes over the last five minutes with their rates, slowest p95 first', async () => {
    let now = 1_000_000_000_000;
    const metrics = new RequestMetrics(() => now);
    for (let i = 0; i < 10; i++) metrics.record('GET', '/fast', 200, 2);
    for (let i = 0; i < 4; i++) metrics.record('POST', '/slow', i === 0 ? 503 : 200, 300);
    now += 20_000;
    const routes = await metrics.routes();
    expect(routes.map((route) => `${route.method} ${route.route}`)).toEqual(['POST /slow', 'GET /fast']);
    expect(routes[0]).toMatchObject({ count: 4, errorRate: 25, p50: 300, p95: 300, p99: 300 });
    expect(routes[1]!.count).toBe(10);
    expect(routes[1]!.requestsPerSecond).toBeGreaterThan(0);
    // Six minutes later the window has moved past them.
    now += 6 * 60_000;
    expect(await metrics.routes()).toEqual([]);
  });
});
