import type { RouteStats } from '@guildhall/contract';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useRouteStats } from '../../api/metrics';
import { Card } from '../../ui/card';
import { QueryState } from '../../ui/query-state';
import { SortHeader, type SortOrder } from '../../ui/sort-header';
import { TableScroll } from '../../ui/table-scroll';
import { formatMetric } from './metric-format';
import { type RouteSort, sortRoutes } from './route-sort';

const number = (id: RouteSort, header: string, format: (route: RouteStats) => string) =>
  ({ id, header, cell: ({ row }) => format(row.original), meta: { className: 'table__number' } }) as ColumnDef<RouteStats>;

const COLUMNS: ColumnDef<RouteStats>[] = [
  { id: 'method', header: 'Method', cell: ({ row }) => <code>{row.original.method}</code> },
  { id: 'route', header: 'Route', cell: ({ row }) => <code className="route-path">{row.original.route}</code> },
  number('count', 'Requests', (route) => formatMetric(route.count, 'count')),
  number('requestsPerSecond', 'Req/s', (route) => formatMetric(route.requestsPerSecond, 'per_second')),
  number('errorRate', 'Error rate', (route) => formatMetric(route.errorRate, 'percent')),
  number('p50', 'p50', (route) => formatMetric(route.p50, 'ms')),
  number('p95', 'p95', (route) => formatMetric(route.p95, 'ms')),
  number('p99', 'p99', (route) => formatMetric(route.p99, 'ms')),
];

const classOf = (column: ColumnDef<RouteStats>) => (column.meta as { className?: string } | undefined)?.className;

/** Each route's rate, errors and latency over the recent window, the slowest (p95) first; every column sorts. */
export function RouteTable() {
  const stats = useRouteStats();
  const [sort, setSort] = useState<{ by: RouteSort; order: SortOrder }>({ by: 'p95', order: 'desc' });
  const rows = useMemo(() => sortRoutes(stats.data?.routes ?? [], sort.by, sort.order), [stats.data, sort]);
  const table = useReactTable({
    data: rows,
    columns: COLUMNS,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    getRowId: (route) => `${route.method} ${route.route}`,
  });
  const windowMinutes = stats.data ? Math.round(stats.data.windowSeconds / 60) : null;

  return (
    <Card
      title="Routes"
      actions={windowMinutes !== null && <span className="muted">Last {windowMinutes} min</span>}
      data-testid="route-stats"
    >
      <QueryState
        query={stats}
        loading="Loading routes..."
        errorTitle="Failed to load route figures"
        isEmpty={() => rows.length === 0}
        empty="No requests in this window yet."
        testId="route-stats"
      >
        {() => (
          <TableScroll label="Routes" isBusy={stats.isFetching}>
            <table className="table" data-testid="route-table">
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <SortHeader
                        key={header.id}
                        header={header}
                        sortBy={sort.by}
                        sortOrder={sort.order}
                        isSortable
                        className={classOf(header.column.columnDef)}
                        onSort={(by, order) => setSort({ by, order })}
                      />
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} data-testid="route-row">
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className={classOf(cell.column.columnDef)}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </QueryState>
    </Card>
  );
}
