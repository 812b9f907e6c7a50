import type { Dispatch } from 'react';
import { Modal } from '../../ui/modal';
import { OperationStatusIcon } from './operation-status-icon';
import { closeLabel, type LinkingTestAction, type OperationRow, outcomeOf, progressOf } from './operations';
import { OutcomeBar } from './outcome-bar';

const STATUS_TEXT: Record<OperationRow['status'], string> = {
  pending: 'Pending',
  'in-progress': 'In progress…',
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
};

const isSettled = (row: OperationRow) => row.status !== 'pending' && row.status !== 'in-progress';

function rowTitle(row: OperationRow): string {
  const operation =
    row.kind === 'link' ? `Link ${row.characterName} → ${row.userName}` : `Unlink ${row.characterName} from ${row.userName}`;
  if (row.direction === 'reverse' && !isSettled(row)) return `Undo: ${operation}`;
  return row.isUndone && isSettled(row) ? `${operation} (undone)` : operation;
}

/** The operations of a batch with their status (spec 2 §4): undo a success, retry an error, redo after undo. */
export function ProgressModal({
  rows,
  isOpen,
  dispatch,
}: {
  rows: readonly OperationRow[];
  isOpen: boolean;
  dispatch: Dispatch<LinkingTestAction>;
}) {
  const { completed, total } = progressOf(rows);
  const label = closeLabel(rows);
  const close = () => dispatch({ type: 'close' });
  return (
    <Modal
      isOpen={isOpen}
      title="Linking progress"
      size="lg"
      onClose={close}
      footer={
        <button
          type="button"
          className={`button ${label === 'Done' ? 'button--primary' : 'button--secondary'}`}
          onClick={close}
          data-testid="progress-close"
        >
          {label}
        </button>
      }
    >
      <div className="progress-modal" data-testid="progress-modal">
        <div className="progress-modal__summary">
          <OutcomeBar outcome={outcomeOf(rows)} />
          <p className="progress-modal__count" data-testid="progress-count">
            {completed}/{total} completed
          </p>
        </div>
        <ol className="progress-modal__rows">
          {rows.map((row) => (
            <li
              key={row.id}
              className={`progress-row progress-row--${row.status}`}
              data-testid="progress-row"
              data-status={row.status}
              data-undone={row.isUndone}
            >
              <OperationStatusIcon status={row.status} />
              <div className="progress-row__text">
                <p className="progress-row__title">{rowTitle(row)}</p>
                <p className="progress-row__message">{isSettled(row) ? row.message : STATUS_TEXT[row.status]}</p>
              </div>
              <div className="progress-row__actions">
                {row.status === 'success' && !row.isUndone && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => dispatch({ type: 'undo', rowId: row.id })}
                  >
                    Undo
                  </button>
                )}
                {row.isUndone && isSettled(row) && row.status !== 'error' && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => dispatch({ type: 'redo', rowId: row.id })}
                  >
                    Redo
                  </button>
                )}
                {row.status === 'error' && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => dispatch({ type: 'retry', rowId: row.id })}
                  >
                    Retry
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Modal>
  );
}
