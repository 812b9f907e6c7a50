import { COMBAT_LOGS_NOT_CONFIGURED, MESSAGES } from '@guildhall/contract';
import { Info } from 'lucide-react';
import { errorMessage } from '../../../api/api-error';
import { useGuildCombatLogs } from '../../../api/guild-data';
import { formatDateTime } from '../../../ui/format-date';
import { Spinner } from '../../../ui/spinner';
import { TableScroll } from '../../../ui/table-scroll';

/** Recent combat log events from the time-series store, or a clear note when none is configured. */
export function CombatLogsTab({ guildId }: { guildId: string }) {
  const query = useGuildCombatLogs(guildId);

  if (query.isPending) return <Spinner label="Loading combat logs..." />;
  if (query.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {errorMessage(query.error, MESSAGES.loadGuildDataFailed)}
      </p>
    );
  }
  const { configured, events, message } = query.data;

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
        <p className="table-empty" data-testid="combat-logs-empty">
          {message ?? 'No combat events recorded for this guild yet.'}
        </p>
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
                // Events carry no id; time plus position is unique within one answer.
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
