import { COMBAT_LOGS_NOT_CONFIGURED, MESSAGES } from '@guildhall/contract';
import { Info } from 'lucide-react';
import { useGuildCombatLogs } from '../../../api/guild-data';
import { formatDateTime } from '../../../ui/format-date';
import { EmptyHint, QueryState } from '../../../ui/query-state';
import { TableScroll } from '../../../ui/table-scroll';

type CombatLogsAnswer = NonNullable<ReturnType<typeof useGuildCombatLogs>['data']>;

/** Recent combat log events from the time-series store, or a clear note when none is configured. */
export function CombatLogsTab({ guildId }: { guildId: string }) {
  const query = useGuildCombatLogs(guildId);

  return (
    <QueryState
      query={query}
      loading="Loading combat logs..."
      errorText={MESSAGES.loadGuildDataFailed}
      testId="combat-logs-state"
    >
      {(logs) => <CombatLogs logs={logs} />}
    </QueryState>
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
        <TableScroll label="Combat events">
          <table className="table" data-testid="guild-combat-logs">
            <thead>
              <tr>
                <th>Time</th>
                <th>Event</th>
                <th>Source</th>
                <th>Target</th>
                <th className="table__number">Amount</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: events carry no id; time plus position is unique within one answer.
                <tr key={`${event.time}-${index}`}>
                  <td>
                    <time dateTime={event.time}>{formatDateTime(event.time)}</time>
                  </td>
                  <td>
                    <code>{event.event_type}</code>
                  </td>
                  <td>{event.source ?? '—'}</td>
                  <td>{event.target ?? '—'}</td>
                  <td className="table__number">{event.amount === null ? '—' : event.amount.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
