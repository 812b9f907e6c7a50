import type { RouteStats } from '@guildhall/contract';

/** The columns the route table sorts by. */
export type RouteSort = 'route' | 'method' | 'count' | 'requestsPerSecond' | 'errorRate' | 'p50' | 'p95' | 'p99';

/** The routes by one column; ties keep the server's order (slowest first). Text sorts by locale, numbers by size. */
export function sortRoutes(routes: readonly RouteStats[], sortBy: RouteSort, order: 'asc' | 'desc'): RouteStats[] {
  const sign = order === 'asc' ? 1 : -1;
  return routes
    .map((route, index) => ({ route, index }))
    .sort((a, b) => {
      const left = a.route[sortBy];
      const right = b.route[sortBy];
      const byValue =
        typeof left === 'string' && typeof right === 'string' ? left.localeCompare(right) : Number(left) - Number(right);
      return byValue * sign || a.index - b.index;
    })
    .map(({ route }) => route);
}
