import type { ApiError } from '../api/api-error';
import { setCommunityRequestAuth } from '../api/client';
import { requestTokenRefresh } from '../api/community-auth';
import { selectedGuildStore } from './selected-guild-store';
import { createTokenRefresher } from './token-refresher';
import { tokenStore } from './token-store';

type ExpiredListener = (error: ApiError) => void;
const expiredListeners = new Set<ExpiredListener>();

/** Holds the Web Lock every tab of this browser shares while refreshing, where the browser has the API. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('guildhall.community.refresh', task) as Promise<T>) : task();
}

/** The one refresher of the app: concurrent 401s, and the session start, share its refresh. */
export const refreshAccessToken = createTokenRefresher({
  store: tokenStore,
  requestRefresh: requestTokenRefresh,
  withLock: withRefreshLock,
});

/** Tells the listener when a community call's refresh failed: the session is over. */
export function onCommunitySessionExpired(listener: ExpiredListener): () => void {
  expiredListeners.add(listener);
  return () => {
    expiredListeners.delete(listener);
  };
}

/** Gives community calls their bearer token, selected guild and refresh; called once at start. */
export function installCommunityRequestAuth(): void {
  setCommunityRequestAuth({
    accessToken: () => tokenStore.read()?.accessToken ?? null,
    selectedGuildId: selectedGuildStore.read,
    refresh: refreshAccessToken,
    onExpired: (error) => {
      for (const listener of expiredListeners) listener(error);
    },
  });
}
