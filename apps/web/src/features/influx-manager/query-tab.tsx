import { INFLUX_MESSAGES, type InfluxEngine, type InfluxQueryResult, influxManagerApi } from '@guildhall/contract';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useDownload } from '../../api/use-download';
import { Card } from '../../ui/card';
import { ExportMenu } from '../../ui/export-menu';
import { Spinner } from '../../ui/spinner';
import { useRunInfluxQuery } from './influx-api';
import { InfluxBanner } from './influx-banner';
import { addToInfluxHistory, INFLUX_HISTORY_SIZE, readInfluxHistory } from './influx-history';
import type { QueryDraft } from './influx-manager-page';
import { LANGUAGE_NAMES } from './language-name';
import { LanguagePicker } from './language-picker';
import { QueryEditor } from './query-editor';
import { QueryResultView } from './query-result-view';

type Outcome = { kind: 'result'; result: InfluxQueryResult } | { kind: 'error'; message: string };

interface QueryTabProps {
  engine: InfluxEngine;
  draft: QueryDraft;
  onDraftChange: (draft: QueryDraft) => void;
}

/**
 * One query at a time in the language the server speaks (InfluxQL on 1.x, Flux or InfluxQL on 2.x): the first 100
 * points as a table or all of them as a graph, the whole result exported as a file, the last 20 queries kept here.
 */
export function QueryTab({ engine, draft, onDraftChange }: QueryTabProps) {
  const run = useRunInfluxQuery();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [history, setHistory] = useState(readInfluxHistory);
  const [exportError, setExportError] = useState<string | null>(null);
  const lastRun = useRef<QueryDraft | null>(null);
  const download = useDownload('the export did not finish', {
    onError: (reason) => setExportError(INFLUX_MESSAGES.exportFailed(reason)),
  });
  const text = draft.query.trim();

  function handleExecute() {
    if (!text || run.isPending) return;
    const request = { ...draft, query: text };
    run.mutate(request, {
      onSuccess: (answer) => {
        if (!answer.configured) return;
        lastRun.current = request;
        setOutcome({ kind: 'result', result: answer });
        setHistory((current) =>
          addToInfluxHistory(current, {
            query: text,
            language: draft.language,
            timestamp: new Date().toISOString(),
            durationMs: answer.duration,
            bucket: draft.bucket,
          }),
        );
      },
      onError: (error) => setOutcome({ kind: 'error', message: errorMessage(error) }),
    });
  }

  function handleExport(format: 'csv' | 'json') {
    const request = lastRun.current;
    if (!request) {
      setExportError(INFLUX_MESSAGES.executeQueryFirst);
      return;
    }
    setExportError(null);
    download.start({
      path: influxManagerApi.export.path,
      body: { ...request, format },
      fallbackFilename: `influxdb-query.${format}`,
    });
  }

  return (
    <div className="influx-runner">
      <Card
        title="Query"
        actions={
          <span className="influx-muted" data-testid="influx-language">
            Runs {LANGUAGE_NAMES[draft.language]}
          </span>
        }
      >
        {engine.languages.length > 1 && (
          <LanguagePicker
            languages={engine.languages}
            value={draft.language}
            onChange={(language) => onDraftChange({ ...draft, language })}
          />
        )}
        <QueryEditor
          value={draft.query}
          onChange={(query) => onDraftChange({ ...draft, query })}
          onRun={handleExecute}
          language={draft.language}
          label={`${LANGUAGE_NAMES[draft.language]} query`}
        />
        <div className="influx-actions">
          <button type="button" className="button button--primary button--small" onClick={handleExecute} disabled={run.isPending}>
            Execute
          </button>
          <ExportMenu formats={['csv', 'json']} onExport={handleExport} isRunning={download.isRunning} />
          <span className="influx-muted">Ctrl/Cmd+Enter runs{draft.bucket ? ` · bucket ${draft.bucket}` : ''}</span>
        </div>
        {exportError && <InfluxBanner text={exportError} />}
      </Card>
      <Card title="Results" data-testid="influx-results">
        <div aria-live="polite">{run.isPending && <Spinner label="Running..." />}</div>
        {!outcome && !run.isPending && <p className="influx-muted">Run a query to see its data points here.</p>}
        {outcome?.kind === 'error' && (
          <p className="alert alert--error" role="alert" data-testid="influx-query-error">
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'result' && <QueryResultView result={outcome.result} />}
      </Card>
      <Card title="History">
        {history.length === 0 && <p className="influx-muted">Queries you run are kept here (the last {INFLUX_HISTORY_SIZE}).</p>}
        <ol className="influx-history" data-testid="influx-history">
          {history.map((entry) => (
            <li key={`${entry.language}:${entry.query}`}>
              <button
                type="button"
                className="influx-history__entry"
                onClick={() => onDraftChange({ query: entry.query, language: entry.language, bucket: entry.bucket })}
              >
                <span className="influx-mono">{entry.query}</span>
                <span className="influx-muted">
                  {LANGUAGE_NAMES[entry.language]} · {entry.durationMs} ms ·{' '}
                  <time dateTime={entry.timestamp}>{new Date(entry.timestamp).toLocaleString()}</time>
                </span>
              </button>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
