import type { BulkUpdateJob } from '@guildhall/contract';
import { X } from 'lucide-react';
import { formatCount } from '../../ui/format';
import { ProgressBar } from '../../ui/progress-bar';

interface BulkJobProgressProps {
  job: BulkUpdateJob;
  onDismiss: () => void;
}

/** A bulk update as it runs and after: the bar, done of total, and every account that failed with its reason. */
export function BulkJobProgress({ job, onDismiss }: BulkJobProgressProps) {
  const verb = job.accountStatus === 'active' ? 'Activating' : 'Deactivating';
  const isRunning = job.status === 'running';
  const label = isRunning
    ? `${verb} ${formatCount(job.total)} accounts`
    : `Bulk update ${job.status === 'completed' ? 'finished' : 'failed'}: ${formatCount(job.updated)} of ${formatCount(job.total)} updated`;
  return (
    <section className="bulk-job" data-testid="bulk-job" data-status={job.status} aria-live="polite">
      <div className="bulk-job__header">
        <ProgressBar label={label} received={job.done} total={job.total} formatValue={formatCount} testId="bulk-job-progress" />
        {!isRunning && (
          <button type="button" className="icon-button" onClick={onDismiss} aria-label="Dismiss bulk update result">
            <X size={16} aria-hidden="true" />
          </button>
        )}
      </div>
      <p className="bulk-job__count" data-testid="bulk-job-count">
        {formatCount(job.done)} / {formatCount(job.total)} done
        {job.failures.length > 0 && ` · ${formatCount(job.failures.length)} failed`}
      </p>
      {job.failures.length > 0 && (
        <ul className="bulk-job__failures" aria-label="Accounts that failed" data-testid="bulk-job-failures">
          {job.failures.map((failure) => (
            <li key={failure.accountId}>
              <strong>{failure.displayName ?? failure.accountId}</strong>: {failure.error}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
