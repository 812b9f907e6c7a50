import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { type AgentLogsParams, agentLogsSearchParams, parseAgentLogsParams } from './agent-logs-params';

/**
 * Agent Logs' filters, page and open turn, kept in the URL so a reload or a shared link shows the same turns.
 * A new filter goes back to page 1; opening and closing a turn keeps the list where it was.
 */
export function useAgentLogsParams() {
  const [params, setParams] = useLiveSearchParams();
  const state = useMemo(() => parseAgentLogsParams(params), [params]);
  const set = useCallback(
    (change: Partial<AgentLogsParams>, options: { replace?: boolean } = {}) =>
      setParams((current) => agentLogsSearchParams({ ...parseAgentLogsParams(current), ...change }), options),
    [setParams],
  );
  const update = useCallback(
    (change: Partial<AgentLogsParams>) => set({ page: 1, ...change }, { replace: 'search' in change }),
    [set],
  );
  const setPage = useCallback((page: number) => set({ page }), [set]);
  const openTurn = useCallback((turn: string | null) => set({ turn }), [set]);
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { state, update, setPage, openTurn, clear };
}
