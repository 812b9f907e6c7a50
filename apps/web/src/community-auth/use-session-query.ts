import type { CommunityUser } from '@guildhall/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  communityAuthKeys,
  fetchCookieUser,
  hasCookieSessionHint,
  isCommunityQueryKey,
  validateAccessToken,
} from '../api/community-auth';
import { refreshAccessToken } from './community-requests';
import type { TokenSignIn } from './community-session-context';
import { type CommunitySessionState, startCommunitySession } from './session-start';
import { tokenStore } from './token-store';

const sessionKey = communityAuthKeys.session();
const isSessionKey = (queryKey: readonly unknown[]) => queryKey[1] === sessionKey[1] && queryKey[0] === sessionKey[0];

function startSession() {
  return startCommunitySession({
    storedAccessToken: () => tokenStore.read()?.accessToken ?? null,
    validate: validateAccessToken,
    refresh: refreshAccessToken,
    clearTokens: tokenStore.clear,
    hasCookieSessionHint,
    fetchCookieUser,
  });
}

/** The community session in the query cache: started once per visit, then changed only by sign-in and sign-out. */
export function useSessionQuery() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionKey,
    queryFn: startSession,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

  /** Forgets everything the community app fetched, except the session itself. */
  const dropCommunityData = useCallback(() => {
    const predicate = (q: { queryKey: readonly unknown[] }) => isCommunityQueryKey(q.queryKey) && !isSessionKey(q.queryKey);
    void queryClient.cancelQueries({ predicate });
    queryClient.removeQueries({ predicate });
  }, [queryClient]);

  const signIn = useCallback(
    ({ accessToken, refreshToken, user }: TokenSignIn, isRemembered: boolean) => {
      tokenStore.write({ accessToken, refreshToken }, isRemembered);
      dropCommunityData();
      const signedIn: CommunitySessionState = { status: 'signed-in', user, via: 'token' };
      queryClient.setQueryData(sessionKey, signedIn);
    },
    [queryClient, dropCommunityData],
  );

  const updateUser = useCallback(
    (user: CommunityUser) => {
      queryClient.setQueryData(sessionKey, (current: CommunitySessionState | undefined) =>
        current?.status === 'signed-in' ? { ...current, user } : current,
      );
    },
    [queryClient],
  );

  /** Ends the session here: tokens gone, fetched data gone, state signed out. */
  const endSession = useCallback(
    (reason: 'logged-out' | 'expired') => {
      tokenStore.clear();
      dropCommunityData();
      const signedOut: CommunitySessionState = { status: 'signed-out', reason };
      queryClient.setQueryData(sessionKey, signedOut);
    },
    [queryClient, dropCommunityData],
  );

  const isSignedIn = () => queryClient.getQueryData<CommunitySessionState>(sessionKey)?.status === 'signed-in';

  return { query, signIn, updateUser, endSession, isSignedIn };
}
