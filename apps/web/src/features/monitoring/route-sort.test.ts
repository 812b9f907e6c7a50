import type { RouteStats } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { sortRoutes } from './route-sort';

const route = (path: string, p95: number, count: number): RouteStats => ({
  method: 'GET',
  route: path,
  count,
  requestsPerSecond: count / 300,
  errorRate: 0,
  p50: p95 / 2,
  p95,
  p99: p95 * 2,
});

const routes = [route('/b', 50, 10), route('/a', 300, 5), route('/c', 120, 10)];

describe('sortRoutes', () => {
  it('puts the slowest first by p95 descending', () => {
    expect(sortRoutes(routes, 'p95', 'desc').map((r) => r.route)).toEqual(['/a', '/c', '/b']);
  });

  it('sorts text by name and keeps the given order on ties', () => {
    expect(sortRoutes(routes, 'route', 'asc').map((r) => r.route)).toEqual(['/a', '/b', '/c']);
    expect(sortRoutes(routes, 'count', 'desc').map((r) => r.route)).toEqual(['/b', '/c', '/a']);
  });
});
