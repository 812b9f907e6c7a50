import { errorMessage } from '../../api/api-error';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { useInfluxStats } from './influx-api';
import { InfluxBanner } from './influx-banner';

/** Total buckets, data points and uptime (spec 2 §2), with the measurements and version beside them. */
export function StatisticsTab() {
  const stats = useInfluxStats();
  const data = stats.data?.configured ? stats.data : null;
  const figures = data
    ? [
        { label: 'Total buckets', value: data.buckets.toLocaleString('en-US') },
        {
          label: 'Data points',
          value: `${data.totalPoints.toLocaleString('en-US')}${data.isEstimate ? '+' : ''}`,
          detail: data.isEstimate ? 'Estimate: counting stopped early' : undefined,
        },
        { label: 'Uptime', value: data.uptime ?? 'Not reported by this server' },
        { label: 'Measurements', value: data.measurements.toLocaleString('en-US') },
      ]
    : [];
  return (
    <Card
      title="Statistics"
      data-testid="influx-stats"
      actions={
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => stats.refetch()}
          disabled={stats.isFetching}
        >
          Refresh
        </button>
      }
    >
      {stats.isError && <InfluxBanner text={errorMessage(stats.error)} />}
      {stats.isPending && <Spinner label="Counting..." />}
      {data && (
        <>
          <dl className="influx-stats">
            {figures.map((figure) => (
              <div key={figure.label} className="influx-stat" data-testid={`influx-stat-${figure.label}`}>
                <dt>{figure.label}</dt>
                <dd className="influx-stat__value">{figure.value}</dd>
                {figure.detail && <dd className="influx-muted">{figure.detail}</dd>}
              </div>
            ))}
          </dl>
          {data.version && <p className="influx-muted">InfluxDB {data.version}</p>}
        </>
      )}
    </Card>
  );
}
