import type { GuildDataPage } from '../../../api/guild-data';
import { isPagedList } from '../../../ui/page-size';
import { Pagination } from '../../../ui/pagination';

interface DataTabPaginationProps {
  list: GuildDataPage;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (limit: number) => void;
  testId: string;
  noun?: string;
}

/** A data tab's pager with the kit's page sizes, once the list is longer than the smallest page. */
export function DataTabPagination({ list, total, onPageChange, onPageSizeChange, testId, noun }: DataTabPaginationProps) {
  if (!isPagedList(total)) return null;
  return (
    <Pagination
      page={list.page}
      pageSize={list.limit}
      onPageSizeChange={onPageSizeChange}
      total={total}
      onPageChange={onPageChange}
      testId={testId}
      noun={noun}
    />
  );
}
