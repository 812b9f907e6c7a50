import { LOG_LIMITS, type LogLevel } from '@guildhall/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type LogSearchRequest, useLogSearch } from '../../api/logs';
import { StepPagination } from '../../ui/pagination';
import { EmptyHint, QueryState } from '../../ui/query-state';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { SEARCH_LEVEL_OPTIONS } from './log-levels';
import { LogLine } from './log-line';
import { fromLocalInput, QUICK_RANGES, rangeProblem, toLocalInput } from './search-range';

interface SearchForm {
  from: string;
  to: string;
  level: LogLevel | '';
  q: string;
  source: string;
  requestId: string;
}

const optional = (value: string) => value.trim() || undefined;

/** The request a form asks for, on its first page. */
function searchRequest(form: SearchForm): LogSearchRequest {
  return {
    from: fromLocalInput(form.from),
    to: fromLocalInput(form.to),
    level: form.level || undefined,
    q: optional(form.q),
    source: optional(form.source),
    requestId: optional(form.requestId),
    page: 1,
    pageSize: LOG_LIMITS.searchPageSize,
  };
}

const lastHour = (): SearchForm => ({
  from: toLocalInput(new Date(Date.now() - 3_600_000)),
  to: '',
  level: '',
  q: '',
  source: '',
  requestId: '',
});

/**
 * The search a link asked for (an alert's minute before: ?from=&to=&requestId=), asked to the millisecond, or null.
 */
function linkedSearch(params: URLSearchParams): { form: SearchForm; request: LogSearchRequest } | null {
  const from = params.get('from');
  const to = params.get('to');
  if (!from || !to || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) return null;
  const form = {
    ...lastHour(),
    from: toLocalInput(new Date(from)),
    to: toLocalInput(new Date(to)),
    requestId: params.get('requestId') ?? '',
  };
  return { form, request: { ...searchRequest(form), from, to } };
}

/** Search over the log files: a time range, level, text, source and request id; newest first, a page at a time. */
export function SearchTab() {
  const id = useId();
  const [params] = useLiveSearchParams();
  const [linked] = useState(() => linkedSearch(params));
  const [form, setForm] = useState<SearchForm>(() => linked?.form ?? lastHour());
  const [request, setRequest] = useState<LogSearchRequest>(() => linked?.request ?? searchRequest(form));
  const problem = rangeProblem(form.from, form.to);
  const search = useLogSearch(request);
  const page = request.page ?? 1;

  const set = (patch: Partial<SearchForm>) => setForm((current) => ({ ...current, ...patch }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    setRequest(searchRequest(form));
    // The same question again is asked again: new lines may have been written since.
    if (JSON.stringify(searchRequest(form)) === JSON.stringify(request)) void search.refetch();
  }

  function applyQuickRange(ms: number) {
    const from = new Date(Date.now() - ms);
    const next = { ...form, from: toLocalInput(from), to: '' };
    setForm(next);
    // To the millisecond, not the minute the field shows: each click asks again.
    setRequest({ ...searchRequest(next), from: from.toISOString() });
  }

  return (
    <div className="live-logs__stack">
      <form className="log-search" onSubmit={handleSubmit} aria-label="Search the log files">
        <fieldset className="log-search__quick">
          <legend className="visually-hidden">Quick ranges</legend>
          {QUICK_RANGES.map((range) => (
            <button
              key={range.id}
              type="button"
              className="button button--secondary button--small"
              onClick={() => applyQuickRange(range.ms)}
            >
              {range.label}
            </button>
          ))}
        </fieldset>
        <div className="log-search__fields">
          <label className="field" htmlFor={`${id}-from`}>
            <span className="field__label">From</span>
            <input
              id={`${id}-from`}
              className="input"
              type="datetime-local"
              value={form.from}
              onChange={(event) => set({ from: event.target.value })}
              data-testid="search-from"
            />
          </label>
          <label className="field" htmlFor={`${id}-to`}>
            <span className="field__label">To</span>
            <input
              id={`${id}-to`}
              className="input"
              type="datetime-local"
              value={form.to}
              onChange={(event) => set({ to: event.target.value })}
              aria-describedby={`${id}-to-hint`}
              data-testid="search-to"
            />
            <span id={`${id}-to-hint`} className="field__hint">
              Empty: up to now
            </span>
          </label>
          <label className="field" htmlFor={`${id}-level`}>
            <span className="field__label">Level</span>
            <select
              id={`${id}-level`}
              className="input"
              value={form.level}
              // The options are the only values the select can take.
              onChange={(event) => set({ level: event.target.value as LogLevel | '' })}
              data-testid="search-level"
            >
              {SEARCH_LEVEL_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field log-search__text" htmlFor={`${id}-q`}>
            <span className="field__label">Text</span>
            <input
              id={`${id}-q`}
              className="input"
              type="search"
              value={form.q}
              maxLength={500}
              onChange={(event) => set({ q: event.target.value })}
              data-testid="search-text"
            />
          </label>
          <label className="field" htmlFor={`${id}-source`}>
            <span className="field__label">Source</span>
            <input
              id={`${id}-source`}
              className="input"
              value={form.source}
              maxLength={100}
              placeholder="http, app..."
              onChange={(event) => set({ source: event.target.value })}
            />
          </label>
          <label className="field" htmlFor={`${id}-request`}>
            <span className="field__label">Request ID</span>
            <input
              id={`${id}-request`}
              className="input"
              value={form.requestId}
              maxLength={100}
              onChange={(event) => set({ requestId: event.target.value })}
            />
          </label>
        </div>
        {problem && (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        )}
        <div className="log-search__submit">
          <button type="submit" className="button button--primary" disabled={problem !== null}>
            <Search size={16} aria-hidden="true" />
            Search
          </button>
        </div>
      </form>

      <section className="log-results" aria-label="Search results" aria-busy={search.isFetching}>
        <QueryState query={search} loading="Searching the log files..." errorText="Failed to search the logs" testId="search">
          {(result) => (
            <>
              <p className="live-logs__muted" data-testid="search-summary">
                {`${result.entries.length.toLocaleString('en-US')} ${result.entries.length === 1 ? 'line' : 'lines'} on page ${result.pagination.page}, newest first · ${result.scannedFiles.toLocaleString('en-US')} ${result.scannedFiles === 1 ? 'file' : 'files'} scanned`}
                {search.isFetching && ' · searching...'}
              </p>
              {result.entries.length === 0 ? (
                <EmptyHint testId="search-empty">No log lines match this search</EmptyHint>
              ) : (
                <ol className="log-lines log-lines--results" data-testid="search-results">
                  {result.entries.map((entry, index) => (
                    // Lines have no id of their own; a page's order is fixed.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <LogLine key={`${result.pagination.page}-${index}`} entry={entry} withDate />
                  ))}
                </ol>
              )}
              {(page > 1 || result.pagination.hasMore) && (
                <StepPagination
                  page={page}
                  hasPrevious={page > 1}
                  hasNext={result.pagination.hasMore}
                  isBusy={search.isFetching}
                  onPrevious={() => setRequest({ ...request, page: page - 1 })}
                  onNext={() => setRequest({ ...request, page: page + 1 })}
                  label="Search result pages"
                >
                  Page {page}
                </StepPagination>
              )}
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}
