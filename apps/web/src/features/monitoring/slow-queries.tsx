import { useSlowQueries } from '../../api/metrics';
import { Card } from '../../ui/card';
import { formatDateTime } from '../../ui/format-date';
import { EmptyHint, QueryState } from '../../ui/query-state';
import { TableScroll } from '../../ui/table-scroll';
import { formatMetric } from './metric-format';
import { durationTone } from './slow-query-tone';

/** The slowest statements from pg_stat_statements, or why they cannot be read and the line that fixes it. */
export function SlowQueries() {
  const slow = useSlowQueries();
  return (
    <Card title="Slow queries" data-testid="slow-queries">
      <QueryState query={slow} loading="Loading slow queries..." errorTitle="Failed to load slow queries" testId="slow-queries">
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
              <TableScroll label="Slow queries" isBusy={slow.isFetching}>
                <table className="table" data-testid="slow-query-table">
                  <thead>
                    <tr>
                      <th scope="col">Query</th>
                      <th scope="col" className="table__number">
                        Duration
                      </th>
                      <th scope="col" className="table__number">
                        Calls
                      </th>
                      <th scope="col" className="table__number">
                        Average
                      </th>
                      <th scope="col">Read at</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.queries.map((query) => (
                      <tr key={query.query} data-testid="slow-query-row">
                        <td>
                          <code className="slow-query__text">{query.query}</code>
                        </td>
                        <td
                          className={`table__number tone-${durationTone(query.duration)}`}
                          data-tone={durationTone(query.duration)}
                        >
                          {formatMetric(query.duration, 'ms')}
                        </td>
                        <td className="table__number">{formatMetric(query.calls, 'count')}</td>
                        <td className={`table__number tone-${durationTone(query.avgDuration)}`}>
                          {formatMetric(query.avgDuration, 'ms')}
                        </td>
                        <td>
                          <time dateTime={query.timestamp}>{formatDateTime(query.timestamp)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </>
        )}
      </QueryState>
    </Card>
  );
}
