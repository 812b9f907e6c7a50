import { type BatchOutcome, outcomeText } from './operations';

const SEGMENTS = [
  { key: 'succeeded', tone: 'success' },
  { key: 'failed', tone: 'error' },
  { key: 'warnings', tone: 'warning' },
  { key: 'undone', tone: 'undone' },
] as const;

/**
 * The batch's progress as a bar of its outcomes: green for successes, red for failures, amber for warnings, grey
 * for undone rows, and the track for rows still due, so a batch that failed never shows as a full bar of success.
 */
export function OutcomeBar({ outcome }: { outcome: BatchOutcome }) {
  const total = Math.max(outcome.total, 1);
  const finished = outcome.succeeded + outcome.failed + outcome.warnings + outcome.undone;
  const text = outcomeText(outcome);
  return (
    <div className="outcome-bar">
      <p className="outcome-bar__text" data-testid="progress-outcome" data-failed={outcome.failed}>
        {text}
      </p>
      <div
        className="outcome-bar__track"
        role="progressbar"
        aria-label="Operations"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round((finished / total) * 100)}
        aria-valuetext={text}
      >
        {SEGMENTS.map(({ key, tone }) =>
          outcome[key] > 0 ? (
            <span
              key={key}
              className={`outcome-bar__segment outcome-bar__segment--${tone}`}
              style={{ width: `${(outcome[key] / total) * 100}%` }}
              data-testid={`progress-segment-${tone}`}
            />
          ) : null,
        )}
      </div>
    </div>
  );
}
