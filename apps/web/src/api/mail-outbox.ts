import { mailOutboxApi } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint';

/** The outbox filters the screen keeps in its URL. */
export interface OutboxFilters {
  page: number;
  limit: number;
  to?: string;
}

/** Query keys of the mail outbox. */
export const mailOutboxKeys = {
  all: ['mail-outbox'] as const,
  list: (filters: OutboxFilters) => [...mailOutboxKeys.all, filters] as const,
};

/** One page of the outbox, newest first; the previous page stays on screen while the next loads. */
export function useMailOutbox(filters: OutboxFilters) {
  return useQuery({
    queryKey: mailOutboxKeys.list(filters),
    queryFn: ({ signal }) =>
      callEndpoint(mailOutboxApi.list, {
        query: { page: filters.page, limit: filters.limit, to: filters.to || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
