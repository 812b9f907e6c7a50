import { SERVICE_LABELS, SERVICES, type ServiceHealth, statusTone } from '@guildhall/contract';
import { RefreshCw } from 'lucide-react';
import { useHealthOverview } from '../../api/monitoring';
import { useLiveStatus } from '../../live/live-context';
import { Card } from '../../ui/card';
import { formatMs, formatStatus } from '../../ui/format';
import { StatusIcon } from '../../ui/status-icon';
import '../../styles/service-status.css';

function ServiceTile({ name, health }: { name: (typeof SERVICES)[number]; health: ServiceHealth | undefined }) {
  const status = health?.status ?? 'unknown';
  const tone = statusTone(health?.status);
  const label = SERVICE_LABELS[name];
  return (
    <li className={`service-tile service-tile--${tone}`} data-testid={`service-${name}`} data-status={status} data-tone={tone}>
      <StatusIcon tone={tone} size={24} />
      <div className="service-tile__body">
        <p className="service-tile__name">{label}</p>
        <p className="service-tile__status">{formatStatus(status)}</p>
        {health?.message && tone !== 'good' && <p className="service-tile__message">{health.message}</p>}
      </div>
      <div className="service-tile__meta">
        <span className="service-tile__time" title="Response time">
          {formatMs(health?.responseTimeMs)}
        </span>
        {health?.version && <span className="service-tile__version">v{health.version}</span>}
      </div>
    </li>
  );
}

/** PostgreSQL, InfluxDB, Redis and Discord with the status icon rule (spec 1 §2). */
export function ServiceStatusGrid() {
  const { data, dataUpdatedAt, refetch, isFetching } = useHealthOverview();
  const { state, requestServiceStatus } = useLiveStatus();
  const checkedAt = data ? new Date(dataUpdatedAt).toLocaleTimeString() : null;

  function handleRefresh() {
    void refetch();
    if (state === 'connected') requestServiceStatus();
  }

  return (
    <Card
      title="Service Status"
      actions={
        <>
          {checkedAt && <span className="muted">Updated {checkedAt}</span>}
          <button
            type="button"
            className="icon-button"
            aria-label="Refresh service status"
            onClick={handleRefresh}
            disabled={isFetching}
          >
            <RefreshCw size={16} aria-hidden="true" />
          </button>
        </>
      }
      data-testid="service-status"
    >
      {data?.warnings.map((warning) => (
        // Set-up warnings (a superuser DATABASE_URL, the SQL runner's read-only role missing), with the fix.
        <p key={warning} className="alert alert--warning" data-testid="service-warning">
          {warning}
        </p>
      ))}
      <ul className="service-grid">
        {SERVICES.map((name) => (
          <ServiceTile key={name} name={name} health={data?.[name]} />
        ))}
      </ul>
    </Card>
  );
}
