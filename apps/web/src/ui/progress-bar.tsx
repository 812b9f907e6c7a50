import { formatBytes } from './format-number';

interface ProgressBarProps {
  /** Names what is in progress, for screen readers and on screen. */
  label: string;
  received: number;
  /** Total bytes when known; without it the bar runs indeterminate and shows the bytes so far. */
  total: number | null;
  testId?: string;
}

/** How far a download has come: a bar with a percentage, or a running count of bytes. */
export function ProgressBar({ label, received, total, testId }: ProgressBarProps) {
  const percent = total ? Math.min(100, Math.round((received / total) * 100)) : null;
  return (
    <div className="progress" data-testid={testId}>
      <div className="progress__text">
        <span>{label}</span>
        <span className="progress__figure">
          {percent === null ? formatBytes(received) : `${percent}% · ${formatBytes(received)} of ${formatBytes(total ?? 0)}`}
        </span>
      </div>
      <div
        className={`progress__track${percent === null ? ' progress__track--indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? `${formatBytes(received)} received` : `${percent}%`}
      >
        <span className="progress__fill" style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
    </div>
  );
}
