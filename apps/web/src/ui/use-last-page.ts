import { useEffect } from 'react';

interface ShownPage {
  /** The list's answer has come. */
  isSuccess: boolean;
  /** How many rows the answer holds. */
  rows: number;
  page: number;
  pageSize: number;
  total: number;
}

/**
 * Past the last page (an old link, rows deleted, narrower filters): goes to the last page that has rows, or to
 * the first when none is left, instead of showing an empty page of a list that has rows.
 */
export function useLastPage({ isSuccess, rows, page, pageSize, total }: ShownPage, goTo: (page: number) => void) {
  useEffect(() => {
    if (isSuccess && rows === 0 && page > 1) goTo(Math.max(1, Math.ceil(total / pageSize)));
  }, [isSuccess, rows, page, pageSize, total, goTo]);
}
