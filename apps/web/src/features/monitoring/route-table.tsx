import type { RouteStats } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useRouteStats } from '../../api/metrics';
import { DataTable } from '../../ui/data-table';
import { QueryCard } from '../../ui/query-card';
import type { SortOrder } from '../../ui/sort-header';
import { formatMetric } from './metric-format';
import { type RouteSort, sortRoutes } from './route-sort';

const number = (id: RouteSort, header: string, format: (route: RouteStats) => string) =>
  ({
    id,
    header,
    cell: ({ row }) => format(row.original),
    meta: { className: 'table__number', isSortable: true },
  }) as ColumnDef<RouteStats>;

/**
 * A route that may wrap after each '/', never inside a segment: at 1280 px a long route kept on one line pushed p99
 * out of the card (issue 29).
 */
function withBreaks(route: string): ReactNode {
  return route.split(/(?<=\/)/).map((segment, index) => (
    // The segments of one route never move: their place is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: a route may repeat a segment (/:id/…/:id)
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {segment}
    </Fragment>
  ));
}

const COLUMNS: ColumnDef<RouteStats>[] = [
  { id: 'method', header: 'Method', cell: ({ row }) => <code>{row.original.method}</code>, meta: { isSortable: true } },
  {
    id: 'route',
    header: 'Route',
    cell: ({ row }) => <code className="route-path">{withBreaks(row.original.route)}</code>,
    meta: { isSortable: true },
  },
  number('count', 'Requests', (route) => formatMetric(route.count, 'count')),
  number('requestsPerSecond', 'Req/s', (route) => formatMetric(route.requestsPerSecond, 'per_second')),
  number('errorRate', 'Error rate', (route) => formatMetric(route.errorRate, 'percent')),
  number('p50', 'p50', (route) => formatMetric(route.p50, 'ms')),
  number('p95', 'p95', (route) => formatMetric(route.p95, 'ms')),
  number('p99', 'p99', (route) => formatMetric(route.p99, 'ms')),
];

/** Each route's rate, errors and latency over the recent window, the slowest (p95) first; every column sorts. */
export function RouteTable() {
  const stats = useRouteStats();
  const [sort, setSort] = useState<{ by: RouteSort; order: SortOrder }>({ by: 'p95', order: 'desc' });
  const rows = useMemo(() => sortRoutes(stats.data?.routes ?? [], sort.by, sort.order), [stats.data, sort]);
  const windowMinutes = stats.data ? Math.round(stats.data.windowSeconds / 60) : null;

  return (
    <QueryCard
      title="Routes"
      actions={windowMinutes !== null && <span className="muted">Last {windowMinutes} min</span>}
      query={stats}
      loading="Loading routes..."
      errorTitle="Failed to load route figures"
      isEmpty={() => rows.length === 0}
      empty="No requests in this window yet."
      testId="route-stats"
    >
      {() => (
        <DataTable<RouteStats, RouteSort>
          columns={COLUMNS}
          rows={rows}
          getRowId={(route) => `${route.method} ${route.route}`}
          label="Routes"
          testId="route-table"
          rowAttributes={() => ({ 'data-testid': 'route-row' })}
          sort={{ ...sort, onSort: (by, order) => setSort({ by, order }) }}
          isBusy={stats.isFetching}
        />
      )}
    </QueryCard>
  );
}
