import { GAME_DATA_LIMITS, GAME_DATA_MESSAGES, reportCodeOf, type SourceConnections } from '@guildhall/contract';
import { KeyRound, ScrollText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import { type SourcesScope, useWowAuditKey } from '../../../../api/data-sources';
import { formatDateTime } from '../../../../ui/format-date';
import { SourcePanel, SyncButton, useSync } from './source-panel';

interface PanelProps {
  scope: SourcesScope;
  connections: SourceConnections;
}

/** Raider.IO: the guild's members with their Mythic+ score and item level; no key needed. */
export function RaiderIoPanel({ scope, connections }: PanelProps) {
  const sync = useSync(scope);
  return (
    <SourcePanel
      title="Raider.IO"
      source="raiderio"
      connections={connections}
      sync={sync}
      neverRun="Raider.IO has not been synced yet."
      lead={
        <>
          The guild&apos;s members on Raider.IO (its name, realm and region), each with the current season&apos;s Mythic+ score
          and equipped item level. Raider.IO&apos;s API is public: nothing to connect.
        </>
      }
      testId="raiderio-sync"
      statusTestId="raiderio"
      footer={<SyncButton sync={sync} source="raiderio" label="Sync Raider.IO" />}
    />
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
    <SourcePanel
      title="WoWAudit"
      source="wowaudit"
      connections={connections}
      sync={sync}
      neverRun="WoWAudit has not been synced yet."
      lead={
        <>
          The team&apos;s characters with their role and Battle.net id. Paste the team&apos;s API key from WoWAudit (Settings,
          API): it is stored encrypted and never shown again.
        </>
      }
      testId="wowaudit-sync"
      statusTestId="wowaudit"
      footer={<SyncButton sync={sync} source="wowaudit" label="Sync WoWAudit" isDisabled={!wowaudit.hasKey} />}
    >
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
    </SourcePanel>
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
    <SourcePanel
      title="Warcraft Logs"
      source="combat_log"
      connections={connections}
      sync={sync}
      neverRun="No report has been imported yet."
      lead={
        <>
          A report&apos;s boss fights (kills and wipes), who was there (the raid night&apos;s attendance) and each player&apos;s
          parse. Importing a report again adds nothing.
        </>
      }
      testId="warcraftlogs-import"
      statusTestId="warcraftlogs"
    >
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
    </SourcePanel>
  );
}
