import type { QueryResultBody } from '@guildhall/contract';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error';
import { useCancelQuery, useExplainQuery, useRunQuery } from '../../api/database-manager';
import { useDownload } from '../../api/use-download';
import { Card } from '../../ui/card';
import { ConfirmModal } from '../../ui/confirm-modal';
import { ExportMenu } from '../../ui/export-menu';
import { Spinner } from '../../ui/spinner';
import { ErrorBanner, exportFailedText } from './error-banner';
import { ExplainTree } from './explain-tree';
import { addToQueryHistory, QUERY_HISTORY_SIZE, readQueryHistory } from './query-history';
import { ResultGrid } from './result-grid';
import { SqlEditor } from './sql-editor';

type Outcome =
  | { kind: 'rows'; result: QueryResultBody }
  | { kind: 'plan'; plan: unknown; durationMs: number; isAnalyzed: boolean }
  | { kind: 'error'; message: string; position: number | null };

function failure(error: unknown): Outcome {
  const body = error instanceof ApiError ? error.body : undefined;
  const position =
    typeof body === 'object' && body !== null && 'position' in body ? Number((body as { position: unknown }).position) : NaN;
  return { kind: 'error', message: errorMessage(error), position: Number.isFinite(position) ? position : null };
}

/** The note above a capped result: how many rows are shown of how many the statement produced. */
export function resultNote(result: Pick<QueryResultBody, 'rows' | 'rowCount' | 'hasMore'>): string {
  const shown = result.rows.length;
  if (result.hasMore) return `Showing the first ${shown} of more than ${result.rowCount.toLocaleString()} rows`;
  if (result.rowCount > shown) return `Showing the first ${shown} of ${result.rowCount.toLocaleString()} rows`;
  return `${result.rowCount.toLocaleString()} ${result.rowCount === 1 ? 'row' : 'rows'}`;
}

/**
 * One SQL statement at a time: read-only unless "Allow writes" is ticked and confirmed, the first 100 rows with
 * the total, Explain as a tree, Cancel by queryId, the result exported as a file, the last 20 queries kept here.
 */
export function QueryRunnerTab() {
  const [query, setQuery] = useState('');
  const [allowWrites, setAllowWrites] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [history, setHistory] = useState(readQueryHistory);
  const [runningId, setRunningId] = useState<string | null>(null);
  const lastRun = useRef('');
  const run = useRunQuery();
  const explain = useExplainQuery();
  const cancel = useCancelQuery();
  const [exportError, setExportError] = useState<string | null>(null);
  const download = useDownload('the export did not finish', { onError: setExportError });
  const isRunning = runningId !== null;
  const text = query.trim();

  function remember(statement: string) {
    setHistory((current) => addToQueryHistory(current, statement));
  }

  function execute(writes: boolean) {
    if (!text || isRunning) return;
    const queryId = crypto.randomUUID();
    setRunningId(queryId);
    lastRun.current = text;
    remember(text);
    run.mutate(
      { query: text, allowWrites: writes, queryId },
      {
        onSuccess: (result) => setOutcome({ kind: 'rows', result }),
        onError: (error) => setOutcome(failure(error)),
        onSettled: () => setRunningId(null),
      },
    );
  }

  function handleExecute() {
    if (!text || isRunning) return;
    if (allowWrites) setIsConfirming(true);
    else execute(false);
  }

  function handleExplain() {
    if (!text || isRunning) return;
    const queryId = crypto.randomUUID();
    setRunningId(queryId);
    remember(text);
    explain.mutate(
      // ANALYZE runs the statement, so only in read-only mode.
      { query: text, analyze: !allowWrites, queryId },
      {
        onSuccess: (result) =>
          setOutcome({ kind: 'plan', plan: result.plan, durationMs: result.durationMs, isAnalyzed: result.isAnalyzed }),
        onError: (error) => setOutcome(failure(error)),
        onSettled: () => setRunningId(null),
      },
    );
  }

  function handleExport(format: 'csv' | 'json') {
    setExportError(null);
    download.start({
      path: '/api/admin/database/postgresql/export-query',
      body: { query: lastRun.current, format },
      fallbackFilename: `query.${format}`,
    });
  }

  return (
    <div className="db-runner">
      <Card title="Query">
        <SqlEditor value={query} onChange={setQuery} onRun={handleExecute} label="SQL query" />
        <div className="db-runner__actions">
          <button type="button" className="button button--primary button--small" onClick={handleExecute} disabled={isRunning}>
            Execute
          </button>
          <button type="button" className="button button--secondary button--small" onClick={handleExplain} disabled={isRunning}>
            Explain
          </button>
          {isRunning && (
            <button
              type="button"
              className="button button--danger-outline button--small"
              onClick={() => runningId && cancel.mutate(runningId)}
              disabled={cancel.isPending}
            >
              Cancel
            </button>
          )}
          <label className="db-check">
            <input type="checkbox" checked={allowWrites} onChange={(event) => setAllowWrites(event.target.checked)} />
            Allow writes
          </label>
          <span className="db-muted db-runner__hint">Ctrl/Cmd+Enter runs · read-only unless writes are allowed</span>
        </div>
      </Card>
      <Card
        title="Results"
        data-testid="query-results"
        actions={
          outcome?.kind === 'rows' && (
            <ExportMenu formats={['csv', 'json']} onExport={handleExport} isRunning={download.isRunning} />
          )
        }
      >
        <div aria-live="polite" className="db-runner__status">
          {isRunning && <Spinner label="Running..." />}
        </div>
        {exportError && <ErrorBanner text={exportFailedText(exportError)} />}
        {!outcome && !isRunning && <p className="db-muted">Run a statement to see its rows here.</p>}
        {outcome && <OutcomeView outcome={outcome} />}
      </Card>
      <Card title="History">
        {history.length === 0 && <p className="db-muted">Queries you run are kept here (the last {QUERY_HISTORY_SIZE}).</p>}
        <ol className="db-history" data-testid="query-history">
          {history.map((entry) => (
            <li key={entry}>
              <button type="button" className="db-history__entry" onClick={() => setQuery(entry)}>
                {entry}
              </button>
            </li>
          ))}
        </ol>
      </Card>
      <ConfirmModal
        isOpen={isConfirming}
        title="Run with writes allowed?"
        confirmLabel="Run with writes"
        isDanger
        onConfirm={() => {
          setIsConfirming(false);
          execute(true);
        }}
        onClose={() => setIsConfirming(false)}
        testId="confirm-writes"
      >
        <p>This statement runs in a read-write transaction and is committed. It is audited with its full text.</p>
      </ConfirmModal>
    </div>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'error') {
    return (
      <p className="alert alert--error" role="alert" data-testid="query-error">
        <span>
          {outcome.message}
          {outcome.position !== null && <span className="alert__detail">At character {outcome.position}</span>}
        </span>
      </p>
    );
  }
  if (outcome.kind === 'plan') {
    return (
      <>
        <p className="db-muted" data-testid="query-summary">
          {outcome.isAnalyzed ? 'EXPLAIN ANALYZE' : 'EXPLAIN'} · {outcome.durationMs} ms
        </p>
        <ExplainTree plan={outcome.plan} />
      </>
    );
  }
  const { result } = outcome;
  return (
    <>
      <p className="db-summary" data-testid="query-summary">
        <span>{resultNote(result)}</span>
        <span>{result.durationMs} ms</span>
        <span>{result.isReadOnly ? 'read-only' : 'writes committed'}</span>
      </p>
      {result.limits.map((limit) => (
        <p key={limit} className="alert alert--warning">
          {limit}
        </p>
      ))}
      {result.fields.length > 0 && (
        <p className="db-fields">
          {result.fields.map((field) => (
            <span key={field.name} className="db-mono">
              {field.name} <span className="db-type">{field.type}</span>
            </span>
          ))}
        </p>
      )}
      {result.rows.length > 0 && (
        <ResultGrid
          fields={result.fields}
          rows={result.rows}
          label="Query result"
          testId="query-result-grid"
          rowsOf="of the result"
        />
      )}
    </>
  );
}
