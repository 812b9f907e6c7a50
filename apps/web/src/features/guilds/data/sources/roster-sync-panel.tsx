import { type DataSourceRun, runHeadline } from '@guildhall/contract';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { type SourcesScope, useRosterSync, useStartRosterSync } from '../../../../api/data-sources';
import { formatRelative } from '../../../../ui/format-date';

interface RosterSyncPanelProps {
  scope: SourcesScope;
  /** The guild's latest Battle.net run, if any. */
  lastRun: DataSourceRun | undefined;
}

/** The Battle.net roster: when it was last synced and with what outcome, and a sync with its progress. */
export function RosterSyncPanel({ scope, lastRun }: RosterSyncPanelProps) {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartRosterSync(scope);
  const { data: job } = useRosterSync(scope, jobId);
  const isRunning = start.isPending || job?.status === 'queued' || job?.status === 'running';

  const handleSync = () => start.mutate(undefined, { onSuccess: (answer) => setJobId(answer.job.id) });

  return (
    <section className="panel source-panel" aria-labelledby="roster-sync-title" data-testid="roster-sync">
      <h3 id="roster-sync-title" className="panel__title">
        Battle.net roster
      </h3>
      <p className="data-tab__lead">
        The guild&apos;s roster from Battle.net (its name, realm and region): members, ranks, level, spec, item level and armory
        pictures. Characters that left the guild are marked, never deleted.
      </p>
      <p data-testid="roster-last-run">
        {lastRun ? runHeadline(lastRun, formatRelative(lastRun.finishedAt)) : 'The roster has not been synced yet.'}
      </p>
      {job && isRunning && (
        <p role="status" data-testid="roster-sync-progress">
          {job.total === null ? 'Reading the roster…' : `Fetched ${job.fetched} of ${job.total} profiles`}
        </p>
      )}
      {job?.status === 'failed' && (
        <p role="alert" className="field__error" data-testid="roster-sync-error">
          {job.error}
        </p>
      )}
      <button type="button" className="button button--primary" onClick={handleSync} disabled={isRunning}>
        <RefreshCw size={16} aria-hidden="true" />
        {isRunning ? 'Syncing…' : 'Sync roster'}
      </button>
    </section>
  );
}
