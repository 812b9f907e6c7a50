import { LINKING_TEST_LIMITS } from '@guildhall/contract';
import { SectionPanel } from '../../ui/section-panel';
import { OperationStatusIcon } from './operation-status-icon';
import type { LogEntry } from './operations';

const ACTION_LABELS: Record<LogEntry['action'], string> = {
  link: 'Link',
  unlink: 'Unlink',
  undo: 'Undo',
  redo: 'Redo',
  retry: 'Retry',
};

/** The last 50 operations, newest first. */
export function OperationLog({ entries }: { entries: readonly LogEntry[] }) {
  return (
    <SectionPanel
      titleId="operation-log-title"
      title="Operation log"
      aside={
        <span className="muted">
          {entries.length} of the last {LINKING_TEST_LIMITS.operationLog}
        </span>
      }
      className="operation-log"
      testId="operation-log"
    >
      {entries.length === 0 ? (
        <p className="operation-log__empty">No operations yet. Drag a character onto a user to start.</p>
      ) : (
        <ol className="operation-log__list" aria-live="polite">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className={`operation-log__entry operation-log__entry--${entry.status}`}
              data-testid="operation-log-entry"
              data-status={entry.status}
            >
              <OperationStatusIcon status={entry.status} size={15} />
              <time className="operation-log__time" dateTime={entry.at}>
                {new Date(entry.at).toLocaleTimeString()}
              </time>
              <span className="operation-log__action">{ACTION_LABELS[entry.action]}</span>
              <span className="operation-log__message">{entry.message}</span>
            </li>
          ))}
        </ol>
      )}
    </SectionPanel>
  );
}
