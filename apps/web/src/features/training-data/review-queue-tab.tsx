import { TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { useEffect, useReducer, useState } from 'react';
import { useQueueVerify, useReviewQueue } from '../../api/training-data';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { QueryState } from '../../ui/query-state';
import { useToast } from '../../ui/toast-context';
import { LabelFormModal } from './label-form-modal';
import { initialQueue, queueKey, queueReducer, remainingCount } from './review-queue';
import { SampleDetails, type TypedSample } from './sample-details';

const KEYS = [
  { key: 'V', label: 'Verify' },
  { key: 'C', label: 'Correct label' },
  { key: 'S', label: 'Skip' },
  { key: '← →', label: 'Previous / next' },
] as const;

/** Walks the unverified samples one at a time, by keyboard: V verify, C correct, S skip, arrows move. */
export function ReviewQueueTab() {
  const toast = useToast();
  const [state, dispatch] = useReducer(queueReducer, initialQueue);
  const queue = useReviewQueue(state.batchSkip, state.batch);
  const verify = useQueueVerify();
  const [labelling, setLabelling] = useState<TypedSample | null>(null);
  const batch = (queue.data?.data ?? []) as TypedSample[];
  const current = batch[state.index];
  const isDone = current ? state.done.includes(current.sample.id) : false;
  const remaining = queue.data ? remainingCount(queue.data.remaining, state) : null;
  const isBatchOver = queue.isSuccess && state.index >= batch.length;
  const hasMore = isBatchOver && batch.length > 0 && (remaining ?? 0) > 0;

  // The next batch loads by itself when the reviewer is through this one.
  useEffect(() => {
    if (hasMore) dispatch({ kind: 'next-batch' });
  }, [hasMore]);

  function handleVerify() {
    if (!current || isDone || verify.isPending) return;
    verify.mutate(
      { type: current.type, id: current.sample.id },
      {
        onSuccess: () => dispatch({ kind: 'verified', id: current.sample.id }),
        onError: () => toast.error(TRAINING_DATA_MESSAGES.verifyFailed),
      },
    );
  }

  function handleSkip() {
    if (current) dispatch({ kind: 'skipped', id: current.sample.id });
  }

  function handleCommand(command: ReturnType<typeof queueKey>) {
    if (command === 'verify') handleVerify();
    else if (command === 'skip') handleSkip();
    else if (command === 'correct' && current) setLabelling(current);
    else if (command === 'next') dispatch({ kind: 'move', by: 1, size: batch.length });
    else if (command === 'previous') dispatch({ kind: 'move', by: -1, size: batch.length });
  }

  // Shortcuts work anywhere on the tab except while typing or in the label dialog.
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (labelling || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="tablist"], dialog')) return;
      const command = queueKey(event.key);
      if (!command) return;
      event.preventDefault();
      handleCommand(command);
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  });

  return (
    <div className="td-stack td-queue">
      <div className="td-queue__bar">
        <p className="td-queue__remaining" aria-live="polite" data-testid="queue-remaining">
          {remaining === null ? 'Loading the queue...' : `${remaining.toLocaleString()} remaining`}
        </p>
        <ul className="td-keys" aria-label="Keyboard shortcuts" data-testid="queue-legend">
          {KEYS.map((entry) => (
            <li key={entry.key}>
              <kbd>{entry.key}</kbd> {entry.label}
            </li>
          ))}
        </ul>
      </div>
      <QueryState
        query={queue}
        loading="Loading the queue..."
        errorTitle="Failed to load the review queue"
        errorText="Failed to load the review queue"
        isEmpty={() => isBatchOver && !hasMore}
        empty={
          state.skipped.length > 0
            ? `Nothing left to review but the ${state.skipped.length} skipped this session.`
            : 'Every sample has been reviewed.'
        }
        testId="queue"
      >
        {() =>
          current && (
            <Card
              className="td-queue__card"
              data-testid="queue-sample"
              data-sample-id={current.sample.id}
              data-sample-type={current.type}
              title={`${current.type === 'memory' ? 'Memory' : 'Intent'} sample ${state.index + 1} of ${batch.length}`}
            >
              <div className="td-panel__actions">
                {isDone ? <Badge tone="good">Verified</Badge> : <Badge tone="unknown">Unverified</Badge>}
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={handleVerify}
                  disabled={isDone || verify.isPending}
                  aria-keyshortcuts="V"
                >
                  Verify (V)
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setLabelling(current)}
                  aria-keyshortcuts="C"
                >
                  Correct (C)
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={handleSkip}
                  aria-keyshortcuts="S"
                >
                  Skip (S)
                </button>
              </div>
              <SampleDetails item={current} />
            </Card>
          )
        }
      </QueryState>
      <LabelFormModal
        item={labelling}
        onClose={() => setLabelling(null)}
        onSaved={(saved) => dispatch({ kind: 'verified', id: saved.sample.id })}
      />
    </div>
  );
}
