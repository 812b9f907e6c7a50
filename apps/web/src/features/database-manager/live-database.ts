import { databaseManagerApi, databaseSessionsApi } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { databaseKeys } from '../../api/database-manager';
import { callEndpoint } from '../../api/endpoint';

/** How often Connection Stats' cards and session list are read again while the page is in view. */
export const LIVE_REFRESH_MS = 2000;

const sessionsKey = [...databaseKeys.all, 'sessions'] as const;

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is in view: live reads pause while the tab is hidden, and resume when it shows. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/** The time now, moving on every second while the page is visible: durations on screen count up between reads. */
export function useNow(isVisible: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!isVisible) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [isVisible]);
  return now;
}

/** Active, idle and waiting connections, read every 2 s while the page is visible. */
export function useLiveConnectionStats(isVisible: boolean) {
  return useQuery({
    queryKey: databaseKeys.stats(),
    queryFn: ({ signal }) => callEndpoint(databaseManagerApi.connectionStats, { signal }),
    refetchInterval: isVisible ? LIVE_REFRESH_MS : false,
    staleTime: 0,
  });
}

/**
 * How the SQL runner keeps read-only runs read-only and the warnings about the app's database role (a superuser
 * DATABASE_URL, a missing read-only role): from the connection stats, read once a minute for the page's banner.
 */
export function useDatabaseAccess() {
  return useQuery({
    queryKey: databaseKeys.stats(),
    queryFn: ({ signal }) => callEndpoint(databaseManagerApi.connectionStats, { signal }),
    staleTime: 60_000,
    select: (answer) => answer.access,
  });
}

/** The database's sessions, read every 2 s while the page is visible. */
export function useDatabaseSessions(isVisible: boolean) {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => callEndpoint(databaseSessionsApi.list, { signal }),
    refetchInterval: isVisible ? LIVE_REFRESH_MS : false,
    staleTime: 0,
  });
}

/** What an operator can do to a session: stop its statement, or end it. */
export type SessionSignal = 'cancel' | 'terminate';

/** Cancels a session's statement or terminates it; the list and the cards are read again after. */
export function useSignalSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ pid, signal }: { pid: number; signal: SessionSignal }) => {
      const params = { pid: String(pid) };
      if (signal === 'cancel') return (await callEndpoint(databaseSessionsApi.cancel, { params })).cancelled;
      return (await callEndpoint(databaseSessionsApi.terminate, { params })).terminated;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsKey }),
        queryClient.invalidateQueries({ queryKey: databaseKeys.stats() }),
      ]),
  });
}
