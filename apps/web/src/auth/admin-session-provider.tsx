import { MESSAGES } from '@guildhall/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import {
  type AdminSessionState,
  adminAuthKeys,
  fetchAdminSession,
  loginAdmin,
  loginAdminSecondStep,
  logoutAdmin,
  type SignedOutReason,
} from '../api/admin-auth';
import { ApiError } from '../api/api-error';
import { setUnauthorizedHandler } from '../api/client';
import {
  AdminSessionContext,
  type AdminSessionStatus,
  type AdminSessionValue,
  type AdminSignInResult,
} from './admin-session-context';

function isSessionQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === adminAuthKeys.all[0];
}

/**
 * Holds the admin session (spec 2 §4): loading while GET /api/admin/auth/me answers, then
 * authenticated or unauthenticated. The session lives in the query cache like any server state.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: adminAuthKeys.session(),
    queryFn: ({ signal }) => fetchAdminSession(signal),
    staleTime: 60_000,
  });

  const clearSession = useCallback(
    (reason: SignedOutReason) => {
      void queryClient.cancelQueries({ predicate: (q) => !isSessionQuery(q.queryKey) });
      const signedOut: AdminSessionState = { status: 'unauthenticated', reason };
      queryClient.setQueryData(adminAuthKeys.session(), signedOut);
    },
    [queryClient],
  );

  useEffect(
    () =>
      setUnauthorizedHandler((error) => clearSession(error.code === 'INVALID_SESSION' ? 'INVALID_SESSION' : 'UNAUTHENTICATED')),
    [clearSession],
  );

  /** A session was just opened: read it as me answers it (with the two-factor status) and hold it. */
  const holdNewSession = useCallback(async () => {
    // Nothing another admin's session fetched may show to this one.
    queryClient.removeQueries({ predicate: (q) => !isSessionQuery(q.queryKey) });
    const state = await fetchAdminSession();
    queryClient.setQueryData(adminAuthKeys.session(), state);
    if (state.status !== 'authenticated') throw new ApiError(401, MESSAGES.loginFailed);
    return state.me;
  }, [queryClient]);

  const login = useCallback(
    async (credentials: { username: string; password: string }): Promise<AdminSignInResult> => {
      const step = await loginAdmin(credentials);
      if (step.kind === 'challenge') return step;
      return { kind: 'session', me: await holdNewSession() };
    },
    [holdNewSession],
  );

  const completeSecondStep = useCallback(
    async (body: { challenge: string; code: string }) => {
      await loginAdminSecondStep(body);
      return holdNewSession();
    },
    [holdNewSession],
  );

  const completeSignIn = useCallback(
    async (step: () => Promise<void>) => {
      await step();
      return holdNewSession();
    },
    [holdNewSession],
  );

  const logout = useCallback(async () => {
    await logoutAdmin();
    clearSession('LOGGED_OUT');
  }, [clearSession]);

  const { data, error, refetch } = query;
  const value = useMemo<AdminSessionValue>(() => {
    let status: AdminSessionStatus = 'loading';
    if (data) status = data.status;
    else if (error) status = 'error';
    const me = data?.status === 'authenticated' ? data.me : null;
    return {
      status,
      admin: me?.admin ?? null,
      session: me?.session ?? null,
      twoFactor: me?.twoFactor ?? null,
      signedOutReason: data?.status === 'unauthenticated' ? data.reason : null,
      error,
      login,
      completeSecondStep,
      completeSignIn,
      logout,
      clearSession,
      recheck: () => void refetch(),
    };
  }, [data, error, login, completeSecondStep, completeSignIn, logout, clearSession, refetch]);

  return <AdminSessionContext value={value}>{children}</AdminSessionContext>;
}
