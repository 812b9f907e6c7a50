import { COMBAT_LOGS_NOT_CONFIGURED } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Info } from 'lucide-react';
import { useGuildCombatLogs } from '../../../api/guild-data';
import { DataTable } from '../../../ui/data-table';
import { formatDateTime } from '../../../ui/format-date';
import { EmptyHint } from '../../../ui/query-state';
import { DataTabState } from './data-tab-state';

type CombatLogsAnswer = NonNullable<ReturnType<typeof useGuildCombatLogs>['data']>;
type CombatEvent = CombatLogsAnswer['events'][number];

const COLUMNS: ColumnDef<CombatEvent>[] = [
  {
    id: 'time',
    header: 'Time',
    cell: ({ row }) => <time dateTime={row.original.time}>{formatDateTime(row.original.time)}</time>,
  },
  { id: 'event', header: 'Event', cell: ({ row }) => <code>{row.original.event_type}</code> },
  { id: 'source', header: 'Source', cell: ({ row }) => row.original.source ?? '—' },
  { id: 'target', header: 'Target', cell: ({ row }) => row.original.target ?? '—' },
  {
    id: 'amount',
    header: 'Amount',
    meta: { className: 'table__number' },
    cell: ({ row }) => (row.original.amount === null ? '—' : row.original.amount.toLocaleString()),
  },
];

/** Recent combat log events from the time-series store, or a clear note when none is configured. */
export function CombatLogsTab({ guildId }: { guildId: string }) {
  const query = useGuildCombatLogs(guildId);

  return (
    <DataTabState query={query} loading="Loading combat logs..." testId="combat-logs-state">
      {(logs) => <CombatLogs logs={logs} />}
    </DataTabState>
  );
}

/** The answer of a store that may not be configured: a note then, else the events or why there are none. */
function CombatLogs({ logs }: { logs: CombatLogsAnswer }) {
  const { configured, events, message } = logs;

  if (!configured) {
    return (
      <p className="note note--info" data-testid="combat-logs-not-configured">
        <Info size={16} aria-hidden="true" />
        {message ?? COMBAT_LOGS_NOT_CONFIGURED}
      </p>
    );
  }

  return (
    <div className="data-tab">
      <p className="data-tab__lead">The most recent {events.length} combat events from the time-series database</p>
      {events.length === 0 ? (
        <EmptyHint testId="combat-logs-empty">{message ?? 'No combat events recorded for this guild yet.'}</EmptyHint>
      ) : (
        // Events carry no id; time plus position is unique within one answer.
        <DataTable
          columns={COLUMNS}
          rows={events}
          getRowId={(event, index) => `${event.time}-${index}`}
          label="Combat events"
          testId="guild-combat-logs"
        />
      )}
    </div>
  );
}
