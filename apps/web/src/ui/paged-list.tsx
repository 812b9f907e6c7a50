import type { ReactNode } from 'react';
import { ListPagination } from './pagination';
import { type QueryLike, QueryState } from './query-state';
import { useLastPage } from './use-last-page';

/** A server-paged answer: one page of rows and where it stands in the whole list. */
export interface PagedAnswer<Row> {
  data: Row[];
  pagination: { page: number; total: number };
}

interface PagedListProps<Row> {
  query: QueryLike<PagedAnswer<Row>> & { isSuccess: boolean };
  /** The page and page size the screen's URL asks for. */
  page: { page: number; limit: number };
  /** Writes a new page or page size to the URL. */
  onPageChange: (change: { page: number } | { limit: number }) => void;
  /** The spinner's label: 'Loading grants'. */
  loading?: string;
  errorText?: string;
  errorTitle?: ReactNode;
  /** The hint when the page holds no rows. */
  empty?: ReactNode;
  emptyTitle?: ReactNode;
  /** The query's faces: `{testId}-loading`, `-error`, `-empty`. */
  testId?: string;
  /** The pager's test id, its numbered buttons and the word after its total ('results'). */
  pagerTestId?: string;
  buttons?: number;
  noun?: string;
  /** False where one page holds everything, so no pager shows. */
  hasPager?: boolean;
  /** Given, a page past the last one (an old link, rows deleted) goes here with the last page that has rows. */
  onPastLastPage?: (page: number) => void;
  /** The rows of the page: a table, a grid of cards. */
  children: (rows: Row[]) => ReactNode;
}

/** A server-paged list: its loading, error and empty faces, its rows, and the pager under them. */
export function PagedList<Row>({
  query,
  page,
  onPageChange,
  pagerTestId,
  buttons,
  noun,
  hasPager = true,
  onPastLastPage,
  children,
  ...state
}: PagedListProps<Row>) {
  useLastPage(
    {
      isSuccess: onPastLastPage !== undefined && query.isSuccess,
      rows: query.data?.data.length ?? 0,
      page: page.page,
      pageSize: page.limit,
      total: query.data?.pagination.total ?? 0,
    },
    onPastLastPage ?? ignore,
  );
  return (
    <>
      <QueryState query={query} isEmpty={(answer) => answer.data.length === 0} {...state}>
        {(answer) => children(answer.data)}
      </QueryState>
      {hasPager && (
        <ListPagination
          pagination={query.data?.pagination}
          query={page}
          onChange={onPageChange}
          buttons={buttons}
          testId={pagerTestId}
          noun={noun}
        />
      )}
    </>
  );
}

function ignore() {}
