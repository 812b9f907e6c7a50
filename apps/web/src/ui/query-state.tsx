import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/api-error';
import { RetryButton } from './retry-button';
import { PageSpinner, Spinner } from './spinner';

export { RetryButton } from './retry-button';

/** What QueryState reads of a query: any `useQuery` or `useInfiniteQuery` result fits. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

/** Which of its four faces a query shows, or nothing ('idle': a disabled query that has not run). */
export type QueryView = 'idle' | 'loading' | 'error' | 'empty' | 'data';

/**
 * Data on hand wins: a background refetch that fails keeps the rows on screen (TanStack keeps `data`), so the
 * error face is only for a query with nothing to show.
 */
export function queryView<T>(query: QueryLike<T>, isEmpty?: (data: T) => boolean): QueryView {
  if (query.data !== undefined) return isEmpty?.(query.data) ? 'empty' : 'data';
  if (query.isError) return 'error';
  return query.fetchStatus === 'idle' ? 'idle' : 'loading';
}

/** 'page' fills the page, 'panel' sits in a card or tab, 'row' is a table body row across `colSpan` columns. */
export type QueryStateVariant = 'page' | 'panel' | 'row';

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The spinner's label: 'Loading guilds...'. */
  loading?: string;
  /** Said when the service gives no message of its own (a network failure). */
  errorText?: string;
  /** A heading above the service's message (the page variant's 'Guild not found'). */
  errorTitle?: ReactNode;
  /** False for an error that Retry cannot mend (not found, not configured): no Retry button. */
  canRetry?: (error: unknown) => boolean;
  /** More buttons beside Retry ('Back to guilds'). */
  errorActions?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** The hint when there is nothing: what to do next, or why the list is empty. */
  empty?: ReactNode;
  /** A heading above the hint ('No accounts found'). */
  emptyTitle?: ReactNode;
  /** A picture above the heading (the auto-link dialog's). */
  emptyIcon?: LucideIcon;
  variant?: QueryStateVariant;
  /** The row variant's width in columns. */
  colSpan?: number;
  /** Names the faces for tests: `{testId}-loading`, `{testId}-error`, `{testId}-empty`. */
  testId?: string;
  children: (data: T) => ReactNode;
}

/**
 * A query's loading, error (the service's message and Retry) and empty faces, else `children` with the data.
 * Every screen shows these through here, so they look and behave alike.
 */
export function QueryState<T>(props: QueryStateProps<T>) {
  const { query, variant = 'panel', testId } = props;
  const view = queryView(query, props.isEmpty);
  if (view === 'data' && query.data !== undefined) return <>{props.children(query.data)}</>;
  if (view === 'idle') return null;

  const face =
    view === 'loading' ? (
      <Loading variant={variant} label={props.loading} testId={testId && `${testId}-loading`} />
    ) : view === 'error' ? (
      <QueryError {...props} variant={variant} />
    ) : (
      <EmptyHint variant={variant} title={props.emptyTitle} icon={props.emptyIcon} testId={testId && `${testId}-empty`}>
        {props.empty}
      </EmptyHint>
    );
  if (variant !== 'row') return face;
  return (
    <tr className="table-state-row">
      <td colSpan={props.colSpan}>{face}</td>
    </tr>
  );
}

function Loading({ variant, label, testId }: { variant: QueryStateVariant; label?: string; testId?: string }) {
  if (variant === 'page') return <PageSpinner label={label} />;
  return (
    <div className="table-empty" data-testid={testId}>
      <Spinner label={label} />
    </div>
  );
}

function QueryError<T>({ query, errorText, errorTitle, canRetry, errorActions, variant, testId }: QueryStateProps<T>) {
  const message = errorMessage(query.error, errorText);
  const retry = (canRetry?.(query.error) ?? true) && (
    <RetryButton isRetrying={query.isFetching} onRetry={() => void query.refetch()} />
  );
  const isPage = variant === 'page';
  const Title = isPage ? 'h1' : 'p';
  const face = (
    <div className={isPage ? 'empty-state' : 'table-empty'} role="alert" data-testid={testId && `${testId}-error`}>
      {errorTitle && <Title className={isPage ? 'empty-state__title' : 'query-state__title'}>{errorTitle}</Title>}
      {message !== errorTitle && <p className={errorTitle ? 'muted' : undefined}>{message}</p>}
      {(retry || errorActions) && (
        <div className="empty-state__actions">
          {retry}
          {errorActions}
        </div>
      )}
    </div>
  );
  // The page variant stands in for a whole page, so it keeps the page's margins.
  return isPage ? <div className="page">{face}</div> : face;
}

interface EmptyHintProps {
  /** What to do next, or why there is nothing. */
  children?: ReactNode;
  /** A heading above the hint ('No accounts found'). */
  title?: ReactNode;
  icon?: LucideIcon;
  variant?: QueryStateVariant;
  className?: string;
  testId?: string;
}

/**
 * The empty face on its own, for what is empty inside data already loaded (a guild with no loot yet) or before
 * anything is asked (no guild chosen); a query's own emptiness goes through QueryState.
 */
export function EmptyHint({ children, title, icon: Icon, variant = 'panel', className, testId }: EmptyHintProps) {
  if (!title && !Icon) {
    return (
      <p className={['table-empty', className].filter(Boolean).join(' ')} data-testid={testId}>
        {children}
      </p>
    );
  }
  const Title = variant === 'page' ? 'h1' : 'p';
  return (
    <div className={['empty-state', className].filter(Boolean).join(' ')} data-testid={testId}>
      {Icon && <Icon size={32} className="empty-state__icon" aria-hidden="true" />}
      {title && <Title className="empty-state__title">{title}</Title>}
      {children && <p>{children}</p>}
    </div>
  );
}
