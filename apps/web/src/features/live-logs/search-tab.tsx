import type { LogLevel } from '@guildhall/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { type LogSearchRequest, useLogSearch } from '../../api/logs';
import { StepPagination } from '../../ui/pagination';
import { EmptyHint, QueryState } from '../../ui/query-state';
import { useUrlQuery } from '../../ui/use-url-query';
import { SEARCH_LEVEL_OPTIONS } from './log-levels';
import { LogLine } from './log-line';
import { type SearchQuery, searchQuery } from './log-query';
import { fromLocalInput, QUICK_RANGES, rangeProblem, toLocalInput } from './search-range';

/** The form as typed: times as the datetime-local inputs hold them, empty texts for no filter. */
interface SearchForm {
  from: string;
  to: string;
  level: LogLevel | '';
  q: string;
  source: string;
  requestId: string;
}

const optional = (value: string) => value.trim() || undefined;

/** The search's filters a form asks for, as the URL holds them. */
const filtersOf = (form: SearchForm) => ({
  from: fromLocalInput(form.from),
  to: fromLocalInput(form.to),
  level: form.level || undefined,
  q: optional(form.q),
  source: optional(form.source),
  requestId: optional(form.requestId),
});

/** The form showing the search in force; `since` is where a search without `from` starts. */
const formOf = (query: SearchQuery, since: string): SearchForm => ({
  from: toLocalInput(new Date(query.from ?? since)),
  to: query.to ? toLocalInput(new Date(query.to)) : '',
  level: query.level ?? '',
  q: query.q ?? '',
  source: query.source ?? '',
  requestId: query.requestId ?? '',
});

/** The call for the search the URL holds, to the millisecond (an alert's link asks for its minute before). */
const requestOf = (query: SearchQuery, since: string): LogSearchRequest => ({
  from: query.from ?? since,
  to: query.to,
  level: query.level,
  q: query.q,
  source: query.source,
  requestId: query.requestId,
  page: query.page,
  pageSize: query.limit,
});

/**
 * Search over the log files: a time range, level, text, source and request id; newest first, a page at a time (the
 * kit's page sizes). The search asked lives in the URL (a reload, Back or a shared link asks it again); the form is
 * its draft until Search.
 */
export function SearchTab() {
  const id = useId();
  const { query, set } = useUrlQuery(searchQuery);
  // Without a `from` in the URL the search covers the hour before the tab opened.
  const [since] = useState(() => new Date(Date.now() - 3_600_000).toISOString());
  const request = useMemo(() => requestOf(query, since), [query, since]);
  const [form, setForm] = useState<SearchForm>(() => formOf(query, since));
  // The search in force changed (Back, a quick range, a link): the form shows it.
  useEffect(() => setForm(formOf(query, since)), [query, since]);
  const problem = rangeProblem(form.from, form.to);
  const search = useLogSearch(request);
  const page = request.page ?? 1;

  const setDraft = (patch: Partial<SearchForm>) => setForm((current) => ({ ...current, ...patch }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    const filters = filtersOf(form);
    // The same question again is asked again: new lines may have been written since.
    const next = requestOf({ ...query, ...filters, page: 1 }, since);
    if (JSON.stringify(next) === JSON.stringify(request)) void search.refetch();
    else set({ ...filters, page: 1 });
  }

  function applyQuickRange(ms: number) {
    // To the millisecond, not the minute the field shows: each click asks again.
    set({ ...filtersOf(form), from: new Date(Date.now() - ms).toISOString(), to: undefined });
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
              onChange={(event) => setDraft({ from: event.target.value })}
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
              onChange={(event) => setDraft({ to: event.target.value })}
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
              onChange={(event) => setDraft({ level: event.target.value as LogLevel | '' })}
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
              onChange={(event) => setDraft({ q: event.target.value })}
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
              onChange={(event) => setDraft({ source: event.target.value })}
            />
          </label>
          <label className="field" htmlFor={`${id}-request`}>
            <span className="field__label">Request ID</span>
            <input
              id={`${id}-request`}
              className="input"
              value={form.requestId}
              maxLength={100}
              onChange={(event) => setDraft({ requestId: event.target.value })}
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
              {(page > 1 || result.entries.length > 0) && (
                <StepPagination
                  page={page}
                  hasPrevious={page > 1}
                  hasNext={result.pagination.hasMore}
                  isBusy={search.isFetching}
                  onPrevious={() => set({ page: page - 1 })}
                  onNext={() => set({ page: page + 1 })}
                  label="Search result pages"
                  testId="search-page"
                  pageSize={query.limit}
                  onPageSizeChange={(limit) => set({ limit })}
                >
                  Page {page} · {query.limit} a page
                </StepPagination>
              )}
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}
