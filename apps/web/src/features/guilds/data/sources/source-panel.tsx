import type { DataSourceRun, SourceConnections, SyncedSource } from '@guildhall/contract';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type SourcesScope, useSourceSync, useStartSourceSync } from '../../../../api/data-sources';
import { SourceSyncStatus } from './source-sync-status';

const lastRunOf = (connections: SourceConnections, source: SyncedSource): DataSourceRun | undefined =>
  connections.lastRuns.find((run) => run.sourceType === source);

/** A sync of one source started here and followed until it ends. */
export function useSync(scope: SourcesScope) {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartSourceSync(scope);
  const { data: job } = useSourceSync(scope, jobId);
  const isRunning = start.isPending || job?.status === 'queued' || job?.status === 'running';
  const run = (what: Parameters<typeof start.mutate>[0]) =>
    start.mutate(what, { onSuccess: (answer) => setJobId(answer.job.id) });
  return { job, isRunning, run };
}

interface SourcePanelProps {
  /** The panel's heading: the source's name. */
  title: string;
  /** The source's runs in `connections.lastRuns`. */
  source: SyncedSource;
  connections: SourceConnections;
  sync: ReturnType<typeof useSync>;
  /** What the status says before the first run. */
  neverRun: string;
  lead: ReactNode;
  /** The panel's test id; its status is `{statusTestId}`'s. */
  testId: string;
  statusTestId: string;
  children?: ReactNode;
  /** Under the status: the button that starts a sync. */
  footer?: ReactNode;
}

/** One source's panel: its name, what it brings, its controls, then its last run or the sync under way. */
export function SourcePanel(props: SourcePanelProps) {
  const titleId = useId();
  return (
    <section className="panel source-panel" aria-labelledby={titleId} data-testid={props.testId}>
      <h3 id={titleId} className="panel__title">
        {props.title}
      </h3>
      <p className="data-tab__lead">{props.lead}</p>
      {props.children}
      <SourceSyncStatus
        lastRun={lastRunOf(props.connections, props.source)}
        neverRun={props.neverRun}
        job={props.sync.job}
        testId={props.statusTestId}
      />
      {props.footer}
    </section>
  );
}

interface SyncButtonProps {
  sync: ReturnType<typeof useSync>;
  source: 'raiderio' | 'wowaudit';
  label: string;
  isDisabled?: boolean;
}

/** Starts a sync of a source that needs nothing typed (Raider.IO, WoWAudit once its key is saved). */
export function SyncButton({ sync, source, label, isDisabled = false }: SyncButtonProps) {
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => sync.run({ source })}
      disabled={sync.isRunning || isDisabled}
    >
      <RefreshCw size={16} aria-hidden="true" />
      {sync.isRunning ? 'Syncing…' : label}
    </button>
  );
}
