import { alertPagePath, type StoredAlert } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useAlertsList } from '../../api/alert-delivery';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { formatStatus } from '../../ui/format';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { SEVERITY_TONES } from './alert-severity';

const COLUMNS: ColumnDef<StoredAlert>[] = [
  {
    id: 'severity',
    header: 'Severity',
    cell: ({ row: { original: alert } }) => <Badge tone={SEVERITY_TONES[alert.severity]}>{formatStatus(alert.severity)}</Badge>,
  },
  {
    id: 'message',
    header: 'Alert',
    cell: ({ row: { original: alert } }) => (
      <>
        <Link to={alertPagePath(alert.id)}>{alert.message}</Link>
        {alert.mutedReason && (
          <div>
            <Badge tone="unknown" data-testid="alert-muted">
              Muted
            </Badge>{' '}
            <span className="muted">{alert.mutedReason}</span>
          </div>
        )}
      </>
    ),
  },
  { id: 'rule', header: 'Rule', cell: ({ row: { original: alert } }) => alert.ruleId ?? <span className="muted">Notice</span> },
  { id: 'instance', header: 'Instance', cell: ({ row: { original: alert } }) => alert.instance ?? '' },
  {
    id: 'state',
    header: 'State',
    cell: ({ row: { original: alert } }) => (
      <Badge tone={alert.resolvedAt ? 'good' : 'warn'}>{alert.resolvedAt ? 'Resolved' : 'Open'}</Badge>
    ),
  },
  {
    id: 'fired',
    header: 'Fired',
    cell: ({ row: { original: alert } }) => (
      <time dateTime={alert.timestamp} title={formatDateTime(alert.timestamp)}>
        {formatRelative(alert.timestamp)}
      </time>
    ),
  },
];

/** The newest alerts, each linking to its page (evidence and deliveries); an alert kept from delivery says why. */
export function AlertsTable() {
  const alerts = useAlertsList();
  return (
    <Card
      title="Alerts"
      actions={alerts.data && <span className="muted">{alerts.data.open} open</span>}
      data-testid="alerts-list"
    >
      <DataTable
        columns={COLUMNS}
        rows={alerts.data?.alerts ?? []}
        getRowId={(alert) => alert.id}
        label="Alerts, newest first"
        isStacked
        isBusy={alerts.isFetching}
        rowAttributes={(alert) => ({ 'data-testid': 'alert-row', 'data-alert-id': alert.id, 'data-rule': alert.ruleId ?? '' })}
        state={{
          query: alerts,
          loading: 'Loading alerts...',
          errorText: 'Failed to load alerts',
          empty: 'No alerts. Every rule is quiet.',
        }}
      />
    </Card>
  );
}
