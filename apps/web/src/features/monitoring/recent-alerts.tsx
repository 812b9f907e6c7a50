import type { StoredAlert } from '@guildhall/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { metricsKeys, useAcknowledgeAlert, useRecentAlerts } from '../../api/metrics';
import { useLiveData } from '../../live/live-context';
import { Badge } from '../../ui/badge';
import { formatStatus } from '../../ui/format';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { QueryCard } from '../../ui/query-card';
import { SEVERITY_TONES } from './alert-severity';

function AlertItem({ alert, isAcknowledged }: { alert: StoredAlert; isAcknowledged: boolean }) {
  const acknowledge = useAcknowledgeAlert();
  return (
    <li className="alert-item" data-testid="recent-alert" data-alert-id={alert.id} data-severity={alert.severity}>
      <div className="alert-item__head">
        <Badge tone={SEVERITY_TONES[alert.severity]}>{formatStatus(alert.severity)}</Badge>
        <code className="alert-item__type">{alert.type}</code>
        <Badge tone={alert.resolvedAt ? 'good' : 'warn'} data-testid="alert-state">
          {alert.resolvedAt ? 'Resolved' : 'Open'}
        </Badge>
        <time className="alert-item__time muted" dateTime={alert.timestamp} title={formatDateTime(alert.timestamp)}>
          {formatRelative(alert.timestamp)}
        </time>
      </div>
      <p className="alert-item__message">{alert.message}</p>
      <div className="alert-item__foot">
        {isAcknowledged ? (
          <span className="muted" data-testid="alert-acknowledged">
            Acknowledged{alert.acknowledgedBy ? ` by ${alert.acknowledgedBy}` : ''}
          </span>
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => acknowledge.mutate(alert.id)}
            disabled={acknowledge.isPending}
          >
            Acknowledge
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The newest alerts (read every 30 s, and again at once when the live connection brings a new one), with their
 * state and an Acknowledge button; an acknowledgement made elsewhere shows as soon as it is pushed.
 */
export function RecentAlerts() {
  const alerts = useRecentAlerts();
  const live = useLiveData();
  const queryClient = useQueryClient();
  const newestLiveId = live.alerts[0]?.id;

  useEffect(() => {
    if (!newestLiveId) return;
    void queryClient.invalidateQueries({ queryKey: metricsKeys.alerts() });
    void queryClient.invalidateQueries({ queryKey: metricsKeys.alertRules() });
  }, [newestLiveId, queryClient]);

  const acknowledgedLive = new Set(live.alerts.filter((alert) => alert.acknowledged).map((alert) => alert.id));
  const list = alerts.data?.alerts ?? [];

  return (
    <QueryCard
      title="Recent alerts"
      actions={alerts.data && <span className="muted">{alerts.data.open} open</span>}
      query={alerts}
      loading="Loading alerts..."
      errorTitle="Failed to load alerts"
      isEmpty={() => list.length === 0}
      empty="No alerts. Every rule is quiet."
      testId="recent-alerts"
    >
      {() => (
        <ul className="alert-list">
          {list.map((alert) => (
            <AlertItem key={alert.id} alert={alert} isAcknowledged={alert.acknowledged || acknowledgedLive.has(alert.id)} />
          ))}
        </ul>
      )}
    </QueryCard>
  );
}
