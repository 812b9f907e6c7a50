import type { AlertDelivery, StoredAlert } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useParams } from 'react-router';
import { useAlert, useAlertDeliveries } from '../../api/alert-delivery';
import { useAbilities } from '../../auth/abilities';
import { useBreadcrumbName } from '../../shell/breadcrumb-names';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { formatStatus } from '../../ui/format';
import { formatDateTime } from '../../ui/format-date';
import { QueryState } from '../../ui/query-state';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AlertEvidenceCard } from './alert-evidence';
import { DELIVERY_TONES, SEVERITY_TONES } from './alert-severity';
import '../../styles/monitoring.css';
import '../../styles/alerts.css';

const DELIVERY_COLUMNS: ColumnDef<AlertDelivery>[] = [
  { id: 'contact', header: 'Contact point', cell: ({ row }) => row.original.contactPointName },
  { id: 'event', header: 'Message', cell: ({ row }) => formatStatus(row.original.event) },
  {
    id: 'status',
    header: 'Outcome',
    cell: ({ row: { original: delivery } }) => (
      <>
        <Badge tone={DELIVERY_TONES[delivery.status]}>{formatStatus(delivery.status)}</Badge>
        {delivery.error && <div className="alerts-answer">{delivery.error}</div>}
      </>
    ),
  },
  { id: 'attempts', header: 'Attempts', cell: ({ row }) => row.original.attempts },
  {
    id: 'at',
    header: 'Sent',
    cell: ({ row: { original: delivery } }) => (delivery.sentAt ? formatDateTime(delivery.sentAt) : ''),
  },
];

/** The Silences tab with the form filled in with an alert's rule and instance. */
function silencePath(alert: StoredAlert): string {
  const query = new URLSearchParams({ tab: 'silences', ruleId: alert.ruleId ?? '' });
  if (alert.instance) query.set('instance', alert.instance);
  return `/admin/monitoring/alerts?${query.toString()}`;
}

/** /admin/monitoring/alerts/:id: one alert, what caused it, and how each contact point took it. */
export function AlertPage() {
  const { id = '' } = useParams();
  const alert = useAlert(id);
  const deliveries = useAlertDeliveries(id);
  const found = alert.data?.alert;
  const canSilence = useAbilities().can('editAlertRules');
  useDocumentTitle(found ? `Alert: ${found.message}` : 'Alert');
  useBreadcrumbName(`/admin/monitoring/alerts/${id}`, found ? formatStatus(found.severity) : null);

  return (
    <div className="page monitoring-page" data-testid="alert-page">
      <QueryState query={alert} loading="Loading the alert..." errorTitle="Failed to load the alert" variant="page">
        {(answer) => (
          <>
            <header className="page__header">
              <div>
                <h1 className="page__title">{answer.alert.message}</h1>
                <p className="page__lead alerts-facts">
                  <Badge tone={SEVERITY_TONES[answer.alert.severity]}>{formatStatus(answer.alert.severity)}</Badge>
                  <Badge tone={answer.alert.resolvedAt ? 'good' : 'warn'}>{answer.alert.resolvedAt ? 'Resolved' : 'Open'}</Badge>
                  <span>
                    {answer.alert.ruleId ? `Rule ${answer.alert.ruleId}` : 'A notice'}
                    {answer.alert.instance && ` on ${answer.alert.instance}`}, fired {formatDateTime(answer.alert.timestamp)}
                    {answer.alert.resolvedAt && `, resolved ${formatDateTime(answer.alert.resolvedAt)}`}
                  </span>
                </p>
                {answer.alert.mutedReason && (
                  <p data-testid="alert-muted">
                    <Badge tone="unknown">Muted</Badge> Not sent: {answer.alert.mutedReason}
                  </p>
                )}
              </div>
              {canSilence && answer.alert.ruleId && !answer.alert.resolvedAt && (
                <div className="page__actions">
                  <Link className="button button--secondary button--small" to={silencePath(answer.alert)}>
                    Silence this alert
                  </Link>
                </div>
              )}
            </header>
            <AlertEvidenceCard evidence={answer.evidence} />
            <Card title="Deliveries" data-testid="alert-deliveries">
              <DataTable
                columns={DELIVERY_COLUMNS}
                rows={deliveries.data?.deliveries ?? []}
                getRowId={(delivery) => delivery.id}
                label="Deliveries of this alert"
                isStacked
                rowAttributes={(delivery) => ({ 'data-testid': 'delivery-row', 'data-status': delivery.status })}
                state={{
                  query: deliveries,
                  loading: 'Loading deliveries...',
                  errorText: 'Failed to load deliveries',
                  empty: answer.alert.mutedReason ? 'Muted: nothing was sent.' : 'No contact point is routed this alert.',
                }}
              />
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
