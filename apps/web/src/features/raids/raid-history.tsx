import { type RaidHistoryEntry, SERIES_SCOPE_LABELS } from '@guildhall/contract';
import { formatDateTime } from '../../ui/format-date';

/** Every officer change of the raid, oldest first, as members may read it. */
export function RaidHistory({ history }: { history: readonly RaidHistoryEntry[] }) {
  return (
    <ol className="raid-history" data-testid="raid-history">
      {history.map((entry) => (
        <li key={`${entry.at}-${entry.action}-${entry.changes.join()}`} className="raid-history__entry">
          <span className="raid-history__when">{formatDateTime(entry.at)}</span>
          <span>
            <strong>{entry.label}</strong>
            {entry.actor && ` by ${entry.actor}`}
            {entry.changes.length > 0 && `: ${entry.changes.join(', ')}`}
            {entry.scope && entry.scope !== 'this' && ` (${SERIES_SCOPE_LABELS[entry.scope]})`}
            {entry.reason && `: ${entry.reason}`}
          </span>
        </li>
      ))}
    </ol>
  );
}
