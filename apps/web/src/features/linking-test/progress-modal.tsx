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

type RowActionType = 'undo' | 'redo' | 'retry';

/** What a settled row offers: Undo a link that worked, Redo one undone, Retry one that failed; nothing while it runs. */
function rowAction(row: OperationRow): RowActionType | null {
  if (row.status === 'error') return 'retry';
  if (row.status === 'success' && !row.isUndone) return 'undo';
  if (row.isUndone && isSettled(row)) return 'redo';
  return null;
}

const ACTION_LABELS: Record<RowActionType, string> = { undo: 'Undo', redo: 'Redo', retry: 'Retry' };

function RowAction({ row, dispatch }: { row: OperationRow; dispatch: Dispatch<LinkingTestAction> }) {
  const action = rowAction(row);
  if (!action) return null;
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={() => dispatch({ type: action, rowId: row.id })}
    >
      {ACTION_LABELS[action]}
    </button>
  );
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
                <RowAction row={row} dispatch={dispatch} />
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Modal>
  );
}
