import {
  INFLUX_DEBUG_DEFAULT_PAGE_SIZE,
  INFLUX_DEBUG_MESSAGES,
  type InfluxLanguage,
  influxDebugApi,
  influxPointOf,
  influxQuickQueries,
} from '@guildhall/contract';
import { useMemo, useRef, useState } from 'react';
import { useDownload } from '../../../api/use-download';
import { Card } from '../../../ui/card';
import { ExportMenu } from '../../../ui/export-menu';
import { Pagination } from '../../../ui/pagination';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast-context';
import { LANGUAGE_NAMES } from '../language-name';
import { LanguagePicker } from '../language-picker';
import { QueryEditor } from '../query-editor';
import { ResultTable } from '../result-table';
import type { InfluxDebug } from './use-influx-debug';

interface QueryBuilderTabProps {
  debug: InfluxDebug;
  query: string;
  onQueryChange: (query: string) => void;
  language: InfluxLanguage;
  onLanguageChange: (language: InfluxLanguage) => void;
}

/** The three quick queries, a custom editor with copy and clear, and the answer paged with the kit's sizes (default 25). */
export function QueryBuilderTab({ debug, query, onQueryChange, language, onLanguageChange }: QueryBuilderTabProps) {
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(INFLUX_DEBUG_DEFAULT_PAGE_SIZE);
  const lastRun = useRef<{ query: string; language: InfluxLanguage } | null>(null);
  const download = useDownload(INFLUX_DEBUG_MESSAGES.exportFailed, {
    onError: () => setProblem(INFLUX_DEBUG_MESSAGES.exportFailed),
  });
  const bucket = debug.health?.bucket ?? '';
  const quickQueries = influxQuickQueries(language, bucket);
  const { pendingId, response } = debug.query;
  const rows = useMemo(() => (response?.success ? response.data.map(influxPointOf) : []), [response]);

  function execute(text: string) {
    const trimmed = text.trim();
    if (!trimmed) {
      setProblem(INFLUX_DEBUG_MESSAGES.enterQuery);
      return;
    }
    setProblem(null);
    setPage(1);
    lastRun.current = { query: trimmed, language };
    debug.runQuery({ query: trimmed, language });
  }

  function handleQuick(text: string) {
    onQueryChange(text);
    execute(text);
  }

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(query);
      toast.success('Query copied');
    } catch {
      toast.error('The browser did not allow copying');
    }
  }

  function handleExport(format: 'json' | 'csv') {
    if (!lastRun.current || rows.length === 0) {
      setProblem(INFLUX_DEBUG_MESSAGES.noDataToExport);
      return;
    }
    setProblem(null);
    download.start({
      path: influxDebugApi.export.path,
      body: { ...lastRun.current, format },
      fallbackFilename: `influx-debug.${format}`,
    });
  }

  return (
    <>
      <Card title="Quick queries" data-testid="influx-quick-queries">
        <div className="influx-actions influx-actions--flush">
          {quickQueries.map((quick) => (
            <button
              key={quick.id}
              type="button"
              className="button button--secondary button--small"
              onClick={() => handleQuick(quick.query)}
              disabled={debug.connection !== 'connected'}
            >
              {quick.label}
            </button>
          ))}
        </div>
      </Card>
      <Card
        title="Custom query"
        actions={
          <span className="influx-actions influx-actions--flush">
            <button type="button" className="button button--ghost button--small" onClick={handleCopy} disabled={!query}>
              Copy
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => onQueryChange('')}
              disabled={!query}
            >
              Clear
            </button>
          </span>
        }
      >
        {(debug.health?.languages.length ?? 0) > 1 && (
          <LanguagePicker languages={debug.health?.languages ?? []} value={language} onChange={onLanguageChange} />
        )}
        <QueryEditor
          value={query}
          onChange={onQueryChange}
          onRun={() => execute(query)}
          language={language}
          label={`${LANGUAGE_NAMES[language]} query`}
          testId="influx-debug-editor"
        />
        <div className="influx-actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => execute(query)}
            disabled={debug.connection !== 'connected' || pendingId !== null}
          >
            Execute
          </button>
          <ExportMenu formats={['json', 'csv']} onExport={handleExport} isRunning={download.isRunning} />
          <span className="influx-muted">Runs {LANGUAGE_NAMES[language]}</span>
        </div>
        {problem && (
          <p className="alert alert--error" role="alert" data-testid="influx-debug-problem">
            {problem}
          </p>
        )}
      </Card>
      <Card title="Results" data-testid="influx-debug-results">
        <div aria-live="polite">{pendingId && <Spinner label="Running..." />}</div>
        {!response && !pendingId && <p className="influx-muted">Run a query to see its rows here.</p>}
        {response && !response.success && (
          <p className="alert alert--error" role="alert" data-testid="influx-debug-query-error">
            {response.error}
          </p>
        )}
        {response?.success && (
          <>
            <p className="influx-summary" data-testid="influx-debug-summary">
              <span>
                {response.metadata.isCapped ? 'More than ' : ''}
                {response.metadata.rowCount.toLocaleString('en-US')} {response.metadata.rowCount === 1 ? 'row' : 'rows'}
              </span>
              <span>{response.metadata.executionTime} ms</span>
            </p>
            {rows.length > 0 && (
              <>
                <ResultTable
                  rows={rows.slice((page - 1) * pageSize, page * pageSize)}
                  label="Debug query result"
                  testId="influx-debug-table"
                />
                <Pagination
                  page={page}
                  pageSize={pageSize}
                  onPageSizeChange={(size) => {
                    setPageSize(size);
                    setPage(1);
                  }}
                  total={rows.length}
                  onPageChange={setPage}
                  testId="influx-debug-pagination"
                />
              </>
            )}
          </>
        )}
      </Card>
    </>
  );
}
