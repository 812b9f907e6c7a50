/** The two tokens of an e-mail sign-in. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

/** The browser storages tokens may live in: local (kept across restarts) and session (this tab only). */
export interface TokenStorages {
  persistent: Storage | null;
  session: Storage | null;
}

/** Reads and writes the community sign-in tokens. */
export interface TokenStore {
  read: () => StoredTokens | null;
  /** Stores a new pair: in persistent storage with "remember me", else in session storage. */
  write: (tokens: StoredTokens, isRemembered: boolean) => void;
  /** Stores a rotated pair where the old one was kept. */
  replace: (tokens: StoredTokens) => void;
  clear: () => void;
}

/** The storage key of the token pair. */
export const TOKENS_KEY = 'guildhall.community.tokens';

function parse(raw: string | null): StoredTokens | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { accessToken, refreshToken } = value as Record<string, unknown>;
    if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || !accessToken || !refreshToken) return null;
    return { accessToken, refreshToken };
  } catch {
    return null;
  }
}

function attempt(action: () => void): void {
  try {
    action();
  } catch {
    // Storage may be full or disabled (private mode): the sign-in then lasts as long as the page.
  }
}

/**
 * Token storage. With "remember me" the pair lives in localStorage and survives a browser restart; without it
 * in sessionStorage, gone when the tab closes. One pair at a time: writing to one storage clears the other.
 */
export function createTokenStore(storages: TokenStorages): TokenStore {
  const { persistent, session } = storages;
  const readFrom = (storage: Storage | null) => {
    try {
      return parse(storage?.getItem(TOKENS_KEY) ?? null);
    } catch {
      return null;
    }
  };
  const clear = () => {
    attempt(() => persistent?.removeItem(TOKENS_KEY));
    attempt(() => session?.removeItem(TOKENS_KEY));
  };
  const write = (tokens: StoredTokens, isRemembered: boolean) => {
    clear();
    attempt(() => (isRemembered ? persistent : session)?.setItem(TOKENS_KEY, JSON.stringify(tokens)));
  };
  return {
    read: () => readFrom(session) ?? readFrom(persistent),
    write,
    replace: (tokens) => write(tokens, readFrom(session) === null && readFrom(persistent) !== null),
    clear,
  };
}

function browserStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

/** The app's token store over the browser's storages. */
export const tokenStore = createTokenStore({
  persistent: browserStorage('localStorage'),
  session: browserStorage('sessionStorage'),
});
