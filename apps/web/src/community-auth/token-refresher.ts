import { singleFlight } from './single-flight';
import type { StoredTokens, TokenStore } from './token-store';

/** What a refresher needs: the store, the refresh call, and optionally a lock shared by the browser's tabs. */
export interface TokenRefresherDeps {
  store: TokenStore;
  /** POST /auth/refresh: the rotated pair, or null when the server refused the refresh token. Throws when unreachable. */
  requestRefresh: (refreshToken: string) => Promise<StoredTokens | null>;
  /** Runs the task while holding a lock every tab of this browser shares (the Web Locks API where present). */
  withLock?: <T>(task: () => Promise<T>) => Promise<T>;
}

const withoutLock = <T>(task: () => Promise<T>) => task();

/**
 * Refreshes the access token after a 401. Concurrent callers share one refresh; a caller whose token was
 * already replaced (by this tab or another) just retries. The lock matters: two tabs refreshing the same
 * remembered token at once would look like reuse to the server, which ends the whole sign-in.
 *
 * Resolves true when a newer access token is stored, false when the refresh was refused (the tokens are
 * cleared); rejects when the server could not be reached, leaving the tokens as they were.
 */
export function createTokenRefresher({ store, requestRefresh, withLock = withoutLock }: TokenRefresherDeps) {
  const refreshOnce = singleFlight(() => {
    const before = store.read()?.accessToken ?? null;
    return withLock(async () => {
      const current = store.read();
      if (!current) return false;
      if (current.accessToken !== before) return true;
      const rotated = await requestRefresh(current.refreshToken);
      if (rotated) {
        store.replace(rotated);
        return true;
      }
      if (store.read()?.refreshToken === current.refreshToken) store.clear();
      return false;
    });
  });

  return async function refresh(usedAccessToken: string | null): Promise<boolean> {
    const current = store.read();
    if (!current) return false;
    if (current.accessToken !== usedAccessToken) return true;
    return refreshOnce();
  };
}
