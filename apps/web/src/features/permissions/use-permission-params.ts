import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { type PermissionParams, type PermissionTab, parsePermissionParams, permissionSearchParams } from './permission-params';

/**
 * The screen's state, kept in the URL so a reload or a shared link shows the same view. A new guild or search goes
 * back to page 1 and forgets the member looked up; typing in a search replaces the history entry.
 */
export function usePermissionParams() {
  const [params, setParams] = useLiveSearchParams();
  const state = useMemo(() => parsePermissionParams(params), [params]);

  const change = useCallback(
    (next: (current: PermissionParams) => PermissionParams, replace = false) =>
      setParams((current) => permissionSearchParams(next(parsePermissionParams(current))), { replace }),
    [setParams],
  );

  const setTab = useCallback((tab: PermissionTab) => change((s) => ({ ...s, tab })), [change]);
  const setGuild = useCallback(
    (guildId: string | null) =>
      change((s) => ({ ...s, guildId, memberId: null, grants: { ...s.grants, guildId: guildId ?? undefined, page: 1 } })),
    [change],
  );
  const setSearch = useCallback(
    (search: string) => change((s) => ({ ...s, grants: { ...s.grants, search: search || undefined, page: 1 } }), true),
    [change],
  );
  const setPage = useCallback((page: number) => change((s) => ({ ...s, grants: { ...s.grants, page } })), [change]);
  const setMember = useCallback((memberId: string | null) => change((s) => ({ ...s, memberId })), [change]);

  return { state, setTab, setGuild, setSearch, setPage, setMember };
}
