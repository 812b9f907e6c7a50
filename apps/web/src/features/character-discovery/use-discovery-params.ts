import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { type DiscoveryParams, discoverySearchParams, parseDiscoveryParams, switchGuild } from './discovery-params';

/** The screen's guild and filters, kept in the URL so a reload or a shared link shows the same view. */
export function useDiscoveryParams() {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const params = useMemo(() => parseDiscoveryParams(searchParams), [searchParams]);

  const update = useCallback(
    (change: Partial<DiscoveryParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => discoverySearchParams({ ...parseDiscoveryParams(current), ...change }), options),
    [setSearchParams],
  );

  const selectGuild = useCallback(
    (guildId: string, options: { replace?: boolean } = {}) =>
      setSearchParams(discoverySearchParams(switchGuild(guildId)), options),
    [setSearchParams],
  );

  return { params, update, selectGuild };
}
