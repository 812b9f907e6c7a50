import { useCallback } from 'react';
import { useLiveSearchParams } from '../../../ui/use-live-search-params';

/** A tab's own page and search, kept in the URL beside ?tab= so a reload keeps the place. */
export function useTabQuery() {
  const [params, setParams] = useLiveSearchParams();
  const parsed = Number(params.get('page'));
  const page = Number.isInteger(parsed) && parsed > 0 ? parsed : 1;
  const search = params.get('q') ?? '';

  const set = useCallback(
    (change: { page?: number; q?: string }, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setPage = useCallback((next: number) => set({ page: next }), [set]);
  const setSearch = useCallback((q: string) => set({ q, page: 1 }, true), [set]);
  return { page, search, setPage, setSearch };
}
