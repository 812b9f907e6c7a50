import { describe, expect, it } from 'vitest';
import { createTokenRefresher, type TokenRefresherDeps } from './token-refresher';
import type { StoredTokens, TokenStore } from './token-store';

function memoryStore(initial: StoredTokens | null): TokenStore & { current: StoredTokens | null } {
  const store = {
    current: initial,
    read: () => store.current,
    write: (tokens: StoredTokens) => {
      store.current = tokens;
    },
    replace: (tokens: StoredTokens) => {
      store.current = tokens;
    },
    clear: () => {
      store.current = null;
    },
  };
  return store;
}

const first = { accessToken: 'a1', refreshToken: 'r1' };
const second = { accessToken: 'a2', refreshToken: 'r2' };

/** A refresher whose server refuses every refresh, counting the requests that reach it. */
function refusingRefresher(store: TokenStore, withLock?: TokenRefresherDeps['withLock']) {
  const server = { calls: 0 };
  const requestRefresh = async () => {
    server.calls += 1;
    return null;
  };
  return { refresh: createTokenRefresher({ store, requestRefresh, withLock }), server };
}

describe('token refresher', () => {
  it('shares one refresh between concurrent 401s and stores the rotated pair', async () => {
    const store = memoryStore(first);
    const sent: string[] = [];
    const refresh = createTokenRefresher({
      store,
      requestRefresh: async (token) => {
        sent.push(token);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return second;
      },
    });
    const results = await Promise.all([refresh('a1'), refresh('a1'), refresh('a1')]);
    expect(results).toEqual([true, true, true]);
    expect(sent).toEqual(['r1']);
    expect(store.current).toEqual(second);
  });

  it('retries without refreshing when the token was already replaced', async () => {
    const { refresh, server } = refusingRefresher(memoryStore(second));
    await expect(refresh('a1')).resolves.toBe(true);
    expect(server.calls).toBe(0);
  });

  it('re-reads the tokens inside the lock: another tab may have rotated them meanwhile', async () => {
    const store = memoryStore(first);
    const { refresh, server } = refusingRefresher(store, async (task) => {
      store.current = second;
      return task();
    });
    await expect(refresh('a1')).resolves.toBe(true);
    expect(server.calls).toBe(0);
  });

  it('clears the tokens when the refresh is refused', async () => {
    const store = memoryStore(first);
    const { refresh, server } = refusingRefresher(store);
    await expect(refresh('a1')).resolves.toBe(false);
    expect(server.calls).toBe(1);
    expect(store.current).toBeNull();
  });

  it('fails without a refresh token, and keeps the tokens when the server is unreachable', async () => {
    const empty = createTokenRefresher({ store: memoryStore(null), requestRefresh: async () => second });
    await expect(empty(null)).resolves.toBe(false);

    const store = memoryStore(first);
    const unreachable = createTokenRefresher({
      store,
      requestRefresh: async () => {
        throw new Error('offline');
      },
    });
    await expect(unreachable('a1')).rejects.toThrow('offline');
    expect(store.current).toEqual(first);
  });
});
