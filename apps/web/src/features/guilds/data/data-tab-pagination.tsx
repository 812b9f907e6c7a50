import type { GuildDataPage } from '../../../api/guild-data';
import { isPagedList } from '../../../ui/page-size';
import { Pagination } from '../../../ui/pagination';

/** A data tab's page in the URL and its setters (`useTabQuery`). */
export interface DataTabPaging {
  list: GuildDataPage;
  setPage: (page: number) => void;
  setPageSize: (limit: number) => void;
}

interface DataTabPaginationProps {
  paging: DataTabPaging;
  total: number;
  testId: string;
  noun?: string;
}

/** A data tab's pager with the kit's page sizes, once the list is longer than the smallest page. */
export function DataTabPagination({ paging: { list, setPage, setPageSize }, total, testId, noun }: DataTabPaginationProps) {
  if (!isPagedList(total)) return null;
  return (
    <Pagination
      page={list.page}
      pageSize={list.limit}
      onPageSizeChange={setPageSize}
      total={total}
      onPageChange={setPage}
      testId={testId}
      noun={noun}
    />
  );
}
