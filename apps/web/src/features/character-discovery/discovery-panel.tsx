import type { ReactNode } from 'react';
import { errorMessage } from '../../api/api-error';
import { Badge } from '../../ui/badge';
import { Spinner } from '../../ui/spinner';
import { useLoadErrorToast } from './use-load-error-toast';

/** The parts of a paged list query the panel reads. */
interface PagedList {
  data: unknown;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

interface DiscoveryPanelProps {
  /** Names the title (`<name>-title`) and the test ids (`<name>-panel`, `<name>-empty`). */
  name: string;
  title: string;
  list: PagedList;
  /** Rows in the whole list, once the first page is in. */
  total: number | undefined;
  /** Rows loaded so far. */
  count: number;
  isFiltered: boolean;
  filters: ReactNode;
  loadingLabel: string;
  errorTitle: string;
  emptyText: string;
  listClassName: string;
  /** The list's `<li>` items. */
  children: ReactNode;
}

/** The chrome both discovery panels share: counted header, filters, load and error states, the list and "Show more". */
export function DiscoveryPanel({ name, title, list, total, count, isFiltered, ...props }: DiscoveryPanelProps) {
  useLoadErrorToast(list.error, props.errorTitle);

  return (
    <section className="discovery-panel" aria-labelledby={`${name}-title`} data-testid={`${name}-panel`}>
      <header className="discovery-panel__header">
        <h2 id={`${name}-title`} className="discovery-panel__title">
          {title}
        </h2>
        {total !== undefined && (
          <Badge tone="neutral">{isFiltered ? `${total.toLocaleString()} shown` : total.toLocaleString()}</Badge>
        )}
      </header>
      {props.filters}
      <div className="discovery-panel__body" aria-busy={list.isFetching}>
        {list.isPending && (
          <div className="table-empty">
            <Spinner label={props.loadingLabel} />
          </div>
        )}
        {list.isError && !list.data && (
          <div className="table-empty" role="alert">
            <p className="discovery-error__title">{props.errorTitle}</p>
            <p>{errorMessage(list.error, props.errorTitle)}</p>
            <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
              Retry
            </button>
          </div>
        )}
        {list.isSuccess && count === 0 && (
          <p className="table-empty" data-testid={`${name}-empty`}>
            {props.emptyText}
          </p>
        )}
        <ul className={props.listClassName}>{props.children}</ul>
        {list.hasNextPage && (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading...' : `Show more (${count.toLocaleString()} of ${(total ?? 0).toLocaleString()})`}
          </button>
        )}
      </div>
    </section>
  );
}
