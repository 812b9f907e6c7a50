import type { ReactNode } from 'react';
import { Badge } from '../../ui/badge';
import { LoadMore } from '../../ui/pagination';
import { type QueryLike, QueryState } from '../../ui/query-state';
import { SectionPanel } from '../../ui/section-panel';
import { useLoadErrorToast } from './use-load-error-toast';
import '../../styles/character-cards.css';

/** The parts of a paged list query the panel reads. */
interface PagedList extends QueryLike<unknown> {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
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
    <SectionPanel
      titleId={`${name}-title`}
      title={title}
      aside={
        total !== undefined && (
          <Badge tone="neutral">{isFiltered ? `${total.toLocaleString()} shown` : total.toLocaleString()}</Badge>
        )
      }
      testId={`${name}-panel`}
    >
      {props.filters}
      <div className="discovery-panel__body" aria-busy={list.isFetching}>
        <QueryState
          query={list}
          loading={props.loadingLabel}
          errorTitle={props.errorTitle}
          errorText={props.errorTitle}
          isEmpty={() => count === 0}
          empty={props.emptyText}
          testId={name}
        >
          {() => <ul className={props.listClassName}>{props.children}</ul>}
        </QueryState>
        <LoadMore
          hasMore={list.hasNextPage}
          isLoading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          label={`Show more (${count.toLocaleString()} of ${(total ?? 0).toLocaleString()})`}
          isBlock
        />
      </div>
    </SectionPanel>
  );
}
