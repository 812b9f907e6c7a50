import { type DataSourceRun, runHeadline, type SourceSyncJob } from '@guildhall/contract';
import { formatRelative } from '../../../../ui/format-date';

interface SourceSyncStatusProps {
  /** The source's latest run, if any. */
  lastRun: DataSourceRun | undefined;
  /** Said when the source has never run. */
  neverRun: string;
  job: SourceSyncJob | undefined;
  testId: string;
}

/** A source's last run in one line, the progress of a sync that runs, and why one failed. */
export function SourceSyncStatus({ lastRun, neverRun, job, testId }: SourceSyncStatusProps) {
  const isRunning = job?.status === 'queued' || job?.status === 'running';
  return (
    <>
      <p data-testid={`${testId}-last-run`}>{lastRun ? runHeadline(lastRun, formatRelative(lastRun.finishedAt)) : neverRun}</p>
      {job && isRunning && (
        <p role="status" data-testid={`${testId}-progress`}>
          {job.phase === 'saving' || job.total === null ? 'Reading…' : `Fetched ${job.fetched} of ${job.total}`}
        </p>
      )}
      {job?.status === 'failed' && (
        <p role="alert" className="field__error" data-testid={`${testId}-error`}>
          {job.error}
        </p>
      )}
      {job?.status === 'succeeded' && job.conflicts.length > 0 && (
        <ul data-testid={`${testId}-conflicts`}>
          {job.conflicts.map((conflict) => (
            <li key={conflict}>{conflict}</li>
          ))}
        </ul>
      )}
    </>
  );
}
