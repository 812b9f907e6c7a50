import { errorMessage } from '../../api/api-error';
import { CONNECTION_STATS_REFRESH_MS, useConnectionStats } from '../../api/database-manager';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { ErrorBanner } from './error-banner';

/** Active, idle and waiting connections against max_connections, asked again every few seconds. */
export function ConnectionStatsTab() {
  const stats = useConnectionStats();
  const data = stats.data?.stats;
  const figures = data
    ? [
        { label: 'Active', value: data.active },
        { label: 'Idle', value: data.idle },
        {
          label: 'Waiting',
          value: data.waiting,
          detail: `${data.idleInTransaction} idle in transaction, ${data.waitingOnLocks} waiting on locks`,
        },
        { label: 'max_connections', value: data.max_connections },
      ]
    : [];
  return (
    <Card title="Connections" data-testid="database-connections">
      {stats.isError && <ErrorBanner text={`Failed to load connection stats: ${errorMessage(stats.error)}`} />}
      {stats.isPending && <Spinner label="Loading connections..." />}
      {data && (
        <>
          <dl className="db-stats">
            {figures.map((figure) => (
              <div key={figure.label} className="db-stat" data-testid={`database-stat-${figure.label}`}>
                <dt>{figure.label}</dt>
                <dd className="db-stat__value">{figure.value.toLocaleString()}</dd>
                {figure.detail && <dd className="db-stat__detail">{figure.detail}</dd>}
              </div>
            ))}
          </dl>
          {data.note && <p className="db-muted">{data.note}</p>}
          <p className="db-muted">Refreshed every {CONNECTION_STATS_REFRESH_MS / 1000} seconds.</p>
        </>
      )}
    </Card>
  );
}
