import type { SlowQuery } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useSlowQueries } from '../../api/metrics';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-date';
import { QueryCard } from '../../ui/query-card';
import { EmptyHint } from '../../ui/query-state';
import { formatMetric } from './metric-format';
import { durationTone } from './slow-query-tone';

/** A duration coloured by how slow it is (`data-tone` says which). */
function Duration({ ms }: { ms: number }) {
  const tone = durationTone(ms);
  return (
    <span className={`tone-${tone}`} data-tone={tone}>
      {formatMetric(ms, 'ms')}
    </span>
  );
}

const COLUMNS: ColumnDef<SlowQuery>[] = [
  { id: 'query', header: 'Query', cell: ({ row }) => <code className="slow-query__text">{row.original.query}</code> },
  {
    id: 'duration',
    header: 'Duration',
    meta: { className: 'table__number' },
    cell: ({ row }) => <Duration ms={row.original.duration} />,
  },
  {
    id: 'calls',
    header: 'Calls',
    meta: { className: 'table__number' },
    cell: ({ row }) => formatMetric(row.original.calls, 'count'),
  },
  {
    id: 'average',
    header: 'Average',
    meta: { className: 'table__number' },
    cell: ({ row }) => <Duration ms={row.original.avgDuration} />,
  },
  {
    id: 'readAt',
    header: 'Read at',
    cell: ({ row }) => <time dateTime={row.original.timestamp}>{formatDateTime(row.original.timestamp)}</time>,
  },
];

/** The slowest statements from pg_stat_statements, or why they cannot be read and the line that fixes it. */
export function SlowQueries() {
  const slow = useSlowQueries();
  return (
    <QueryCard
      title="Slow queries"
      query={slow}
      loading="Loading slow queries..."
      errorTitle="Failed to load slow queries"
      testId="slow-queries"
    >
      {(data) => (
        <>
          {!data.available && (
            <div className="slow-queries__unavailable" data-testid="slow-queries-unavailable">
              <p className="alert alert--warning">{data.reason ?? 'Statement statistics are not available.'}</p>
              {data.fix && (
                <>
                  <p>To turn them on:</p>
                  <pre className="code-block">
                    <code>{data.fix}</code>
                  </pre>
                </>
              )}
            </div>
          )}
          {data.available && data.queries.length === 0 && <EmptyHint>No statements recorded yet.</EmptyHint>}
          {data.available && data.queries.length > 0 && (
            <DataTable
              columns={COLUMNS}
              rows={data.queries}
              getRowId={(query) => query.query}
              label="Slow queries"
              testId="slow-query-table"
              rowAttributes={() => ({ 'data-testid': 'slow-query-row' })}
              isBusy={slow.isFetching}
            />
          )}
        </>
      )}
    </QueryCard>
  );
}
