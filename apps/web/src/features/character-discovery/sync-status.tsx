import type { MemberSyncJob } from '@guildhall/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { formatRelative } from '../../ui/format-date';
import { ProgressBar } from '../../ui/progress-bar';
import { syncProgressFigures } from './sync-job-updates';

const count = (value: number) => value.toLocaleString();
const members = (value: number) => `${count(value)} member${value === 1 ? '' : 's'}`;

const PHASE_LABELS: Record<MemberSyncJob['phase'], string> = {
  fetching: 'Fetching pages',
  saving: 'Saving',
  done: 'Done',
  failed: 'Failed',
};

/** A running member sync as a live bar with its counts and phase; a finished one as its outcome. */
export function SyncStatus({ job }: { job: MemberSyncJob }) {
  if (job.status === 'running') {
    const figures = syncProgressFigures(job);
    return (
      <div className="sync-status" data-testid="sync-progress" data-phase={job.phase} aria-live="polite">
        <ProgressBar label={figures.label} received={figures.done} total={figures.total} formatValue={members} />
        <p className="sync-status__counts">
          <span>
            Fetched <strong data-testid="sync-fetched">{count(job.fetched)}</strong>
          </span>
          <span>
            Saved <strong data-testid="sync-processed">{count(job.processed)}</strong>
          </span>
          <span>
            Phase <strong>{PHASE_LABELS[job.phase]}</strong>
          </span>
        </p>
      </div>
    );
  }
  if (job.status === 'failed') {
    return (
      <p className="sync-status sync-status--failed" data-testid="sync-result" data-status="failed">
        <CircleAlert size={16} aria-hidden="true" />
        Sync failed {formatRelative(job.finishedAt)}: {job.error}. Nothing was changed.
      </p>
    );
  }
  const result = job.result;
  return (
    <p className="sync-status sync-status--done" data-testid="sync-result" data-status="succeeded">
      <CircleCheck size={16} aria-hidden="true" />
      Synced {formatRelative(job.finishedAt)}
      {result &&
        `: ${count(result.added)} added, ${count(result.updated)} updated, ${count(result.left)} left · ${members(result.total)}`}
    </p>
  );
}
