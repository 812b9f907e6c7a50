import {
  type DataSourceRun,
  GAME_DATA_LIMITS,
  GAME_DATA_MESSAGES,
  reportCodeOf,
  type SourceConnections,
  type SyncedSource,
} from '@guildhall/contract';
import { KeyRound, RefreshCw, ScrollText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import { type SourcesScope, useSourceSync, useStartSourceSync, useWowAuditKey } from '../../../../api/data-sources';
import { formatDateTime } from '../../../../ui/format-date';
import { SourceSyncStatus } from './source-sync-status';

interface PanelProps {
  scope: SourcesScope;
  connections: SourceConnections;
}

const lastRunOf = (connections: SourceConnections, source: SyncedSource): DataSourceRun | undefined =>
  connections.lastRuns.find((run) => run.sourceType === source);

/** A sync of one source started here and followed until it ends. */
function useSync(scope: SourcesScope) {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartSourceSync(scope);
  const { data: job } = useSourceSync(scope, jobId);
  const isRunning = start.isPending || job?.status === 'queued' || job?.status === 'running';
  const run = (what: Parameters<typeof start.mutate>[0]) =>
    start.mutate(what, { onSuccess: (answer) => setJobId(answer.job.id) });
  return { job, isRunning, run };
}

/** Raider.IO: the guild's members with their Mythic+ score and item level; no key needed. */
export function RaiderIoPanel({ scope, connections }: PanelProps) {
  const sync = useSync(scope);
  return (
    <section className="panel source-panel" aria-labelledby="raiderio-title" data-testid="raiderio-sync">
      <h3 id="raiderio-title" className="panel__title">
        Raider.IO
      </h3>
      <p className="data-tab__lead">
        The guild&apos;s members on Raider.IO (its name, realm and region), each with the current season&apos;s Mythic+ score and
        equipped item level. Raider.IO&apos;s API is public: nothing to connect.
      </p>
      <SourceSyncStatus
        lastRun={lastRunOf(connections, 'raiderio')}
        neverRun="Raider.IO has not been synced yet."
        job={sync.job}
        testId="raiderio"
      />
      <button
        type="button"
        className="button button--primary"
        onClick={() => sync.run({ source: 'raiderio' })}
        disabled={sync.isRunning}
      >
        <RefreshCw size={16} aria-hidden="true" />
        {sync.isRunning ? 'Syncing…' : 'Sync Raider.IO'}
      </button>
    </section>
  );
}

/** WoWAudit: the guild's own key (stored sealed, never shown again), then the team's characters with role. */
export function WowAuditPanel({ scope, connections }: PanelProps) {
  const id = useId();
  const [key, setKey] = useState('');
  const save = useWowAuditKey(scope);
  const sync = useSync(scope);
  const { wowaudit } = connections;

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(key, { onSuccess: () => setKey('') });
  };

  return (
    <section className="panel source-panel" aria-labelledby="wowaudit-title" data-testid="wowaudit-sync">
      <h3 id="wowaudit-title" className="panel__title">
        WoWAudit
      </h3>
      <p className="data-tab__lead">
        The team&apos;s characters with their role and Battle.net id. Paste the team&apos;s API key from WoWAudit (Settings, API):
        it is stored encrypted and never shown again.
      </p>
      <p data-testid="wowaudit-key-state">
        {wowaudit.hasKey
          ? `Key saved${wowaudit.keySetBy ? ` by ${wowaudit.keySetBy}` : ''}${wowaudit.keySetAt ? ` on ${formatDateTime(wowaudit.keySetAt)}` : ''}.`
          : 'No key saved.'}
      </p>
      {wowaudit.canStoreKeys ? (
        <form className="source-form" onSubmit={handleSave}>
          <label className="field" htmlFor={`${id}-key`}>
            <span className="field__label">{wowaudit.hasKey ? 'Replace the API key' : 'API key'}</span>
            <input
              id={`${id}-key`}
              className="input"
              type="password"
              autoComplete="off"
              maxLength={GAME_DATA_LIMITS.keyMaxLength}
              value={key}
              onChange={(event) => setKey(event.target.value)}
              aria-invalid={save.isError}
              aria-describedby={save.isError ? `${id}-key-error` : undefined}
              data-testid="wowaudit-key"
            />
            {save.isError && (
              <span id={`${id}-key-error`} className="field__error" role="alert">
                {errorMessage(save.error, GAME_DATA_MESSAGES.keyRequired)}
              </span>
            )}
          </label>
          <button type="submit" className="button button--secondary" disabled={save.isPending || key.trim() === ''}>
            <KeyRound size={16} aria-hidden="true" />
            Save key
          </button>
          {wowaudit.hasKey && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => save.mutate(null)}
              disabled={save.isPending}
            >
              Remove key
            </button>
          )}
        </form>
      ) : (
        <p className="field__hint">{GAME_DATA_MESSAGES.secretKeyMissing}</p>
      )}
      <SourceSyncStatus
        lastRun={lastRunOf(connections, 'wowaudit')}
        neverRun="WoWAudit has not been synced yet."
        job={sync.job}
        testId="wowaudit"
      />
      <button
        type="button"
        className="button button--primary"
        onClick={() => sync.run({ source: 'wowaudit' })}
        disabled={sync.isRunning || !wowaudit.hasKey}
      >
        <RefreshCw size={16} aria-hidden="true" />
        {sync.isRunning ? 'Syncing…' : 'Sync WoWAudit'}
      </button>
    </section>
  );
}

/** Warcraft Logs: one report by its link or code, or the guild's latest reports. */
export function WarcraftLogsPanel({ scope, connections }: PanelProps) {
  const id = useId();
  const [report, setReport] = useState('');
  const sync = useSync(scope);
  const isValid = reportCodeOf(report) !== null;
  const showInvalid = report.trim() !== '' && !isValid;

  const handleImport = (event: FormEvent) => {
    event.preventDefault();
    if (isValid) sync.run({ source: 'combat_log', body: { report } });
  };

  return (
    <section className="panel source-panel" aria-labelledby="warcraftlogs-title" data-testid="warcraftlogs-import">
      <h3 id="warcraftlogs-title" className="panel__title">
        Warcraft Logs
      </h3>
      <p className="data-tab__lead">
        A report&apos;s boss fights (kills and wipes), who was there (the raid night&apos;s attendance) and each player&apos;s
        parse. Importing a report again adds nothing.
      </p>
      {connections.combat_log.isConfigured ? (
        <form className="source-form" onSubmit={handleImport}>
          <label className="field" htmlFor={`${id}-report`}>
            <span className="field__label">Report link or code</span>
            <input
              id={`${id}-report`}
              className="input"
              value={report}
              placeholder="https://www.warcraftlogs.com/reports/…"
              onChange={(event) => setReport(event.target.value)}
              aria-invalid={showInvalid}
              aria-describedby={showInvalid ? `${id}-report-error` : undefined}
              data-testid="warcraftlogs-report"
            />
            {showInvalid && (
              <span id={`${id}-report-error`} className="field__error" role="alert">
                {GAME_DATA_MESSAGES.reportInvalid}
              </span>
            )}
          </label>
          <button type="submit" className="button button--primary" disabled={sync.isRunning || !isValid}>
            <ScrollText size={16} aria-hidden="true" />
            Import report
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => sync.run({ source: 'combat_log', body: { latest: 5 } })}
            disabled={sync.isRunning}
          >
            Import the latest 5
          </button>
        </form>
      ) : (
        <p className="field__hint">{GAME_DATA_MESSAGES.warcraftLogsNotConfigured}</p>
      )}
      <SourceSyncStatus
        lastRun={lastRunOf(connections, 'combat_log')}
        neverRun="No report has been imported yet."
        job={sync.job}
        testId="warcraftlogs"
      />
    </section>
  );
}
