import { errorMessage } from '../../api/api-error';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { useDocumentVisible } from '../database-manager/live-database';
import { LiveIndicator } from './live-indicator';
import { useRedisStats } from './redis-api';
import { RedisBanner } from './redis-banner';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Statistics (spec 2 §2): connected clients, total keys, memory and RSS, uptime in days and seconds, commands
 * per second and version, read again every few seconds while the page is in view.
 */
export function StatisticsTab({ database }: { database: number }) {
  const isVisible = useDocumentVisible();
  const stats = useRedisStats(database, isVisible);
  const data = stats.data?.configured ? stats.data : null;
  const figures = data
    ? [
        { id: 'clients', label: 'Connected clients', value: count(data.connected_clients) },
        {
          id: 'keys',
          label: 'Total keys',
          value: count(data.total_keys),
          detail: `${count(data.database_keys)} in database ${database}`,
        },
        { id: 'memory', label: 'Memory usage', value: data.used_memory_human },
        { id: 'rss', label: 'Memory RSS', value: data.used_memory_rss_human },
        {
          id: 'uptime',
          label: 'Uptime',
          value: `${count(data.uptime_in_days)} days`,
          detail: `${count(data.uptime_in_seconds)} seconds`,
        },
        { id: 'ops', label: 'Commands per second', value: count(data.instantaneous_ops_per_sec) },
        { id: 'version', label: 'Version', value: data.redis_version },
      ]
    : [];
  return (
    <Card
      title="Statistics"
      data-testid="redis-stats"
      actions={<LiveIndicator isVisible={isVisible} isFailing={stats.isError} updatedAt={stats.dataUpdatedAt} />}
    >
      {stats.isError && <RedisBanner text={errorMessage(stats.error)} />}
      {stats.isPending && <Spinner label="Loading statistics..." />}
      {data && (
        <dl className="redis-stats">
          {figures.map((figure) => (
            <div key={figure.id} className="redis-stat" data-testid={`redis-stat-${figure.id}`}>
              <dt>{figure.label}</dt>
              <dd className="redis-stat__value">{figure.value}</dd>
              {figure.detail && <dd className="redis-stat__detail">{figure.detail}</dd>}
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
