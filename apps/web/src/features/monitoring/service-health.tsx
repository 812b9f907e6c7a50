import { errorMessage } from '../../api/api-error';
import { useMonitoredServices } from '../../api/metrics';
import { Card } from '../../ui/card';
import { formatMs, formatStatus } from '../../ui/format';
import { Spinner } from '../../ui/spinner';
import { StatusIcon } from '../../ui/status-icon';
import { healthTone } from './health-tone';
import '../../styles/service-status.css';

/** The database, Redis, InfluxDB and Discord with the spec's colours, read again every 15 s. */
export function ServiceHealth() {
  const services = useMonitoredServices();
  const checkedAt = services.data?.checkedAt;
  return (
    <Card
      title="Service health"
      actions={
        checkedAt && (
          <span className="muted">
            Checked <time dateTime={checkedAt}>{new Date(checkedAt).toLocaleTimeString()}</time>
          </span>
        )
      }
      data-testid="service-health"
    >
      {services.isPending && !services.isError && <Spinner label="Checking services..." />}
      {services.isError && !services.data && (
        <p className="alert alert--error" role="alert">
          Failed to load service status: {errorMessage(services.error)}
        </p>
      )}
      {services.data && (
        <ul className="service-grid">
          {services.data.services.map((service) => {
            const tone = healthTone(service.status);
            return (
              <li
                key={service.name}
                className={`service-tile service-tile--${tone}`}
                data-testid={`monitored-service-${service.name}`}
                data-tone={tone}
              >
                <StatusIcon tone={tone} size={24} />
                <div className="service-tile__body">
                  <p className="service-tile__name">{service.label}</p>
                  <p className="service-tile__status">{formatStatus(service.status)}</p>
                  {service.message && tone !== 'good' && <p className="service-tile__message">{service.message}</p>}
                </div>
                <div className="service-tile__meta">
                  <span className="service-tile__time" title="Response time">
                    {formatMs(service.responseTimeMs)}
                  </span>
                  {service.version && <span className="service-tile__version">v{service.version}</span>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
