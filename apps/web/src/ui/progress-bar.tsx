import { formatBytes } from './format-number';

interface ProgressBarProps {
  /** Names what is in progress, for screen readers and on screen. */
  label: string;
  received: number;
  /** The total when known; without it the bar runs indeterminate and shows the amount so far. */
  total: number | null;
  /** How an amount reads: bytes by default (downloads); a count for anything else. */
  formatValue?: (value: number) => string;
  testId?: string;
}

/** How far a piece of work has come: a bar with a percentage, or a running amount while the total is unknown. */
export function ProgressBar({ label, received, total, formatValue = formatBytes, testId }: ProgressBarProps) {
  const percent = total ? Math.min(100, Math.round((received / total) * 100)) : null;
  return (
    <div className="progress" data-testid={testId}>
      <div className="progress__text">
        <span>{label}</span>
        <span className="progress__figure">
          {percent === null ? formatValue(received) : `${percent}% · ${formatValue(received)} of ${formatValue(total ?? 0)}`}
        </span>
      </div>
      <div
        className={`progress__track${percent === null ? ' progress__track--indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? `${formatValue(received)} so far` : `${percent}%`}
      >
        <span className="progress__fill" style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
    </div>
  );
}
