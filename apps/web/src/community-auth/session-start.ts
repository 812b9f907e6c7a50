import type { CommunityUser } from '@guildhall/contract';
import { ApiError } from '../api/api-error';

/** How the community user proved who they are: an e-mail sign-in's token, or the Discord cookie session. */
export type SignedInVia = 'token' | 'cookie';

/** The community session as the app knows it. */
export type CommunitySessionState =
  | { status: 'signed-in'; user: CommunityUser; via: SignedInVia }
  | { status: 'signed-out'; reason?: 'logged-out' | 'expired' };

/** What the session start needs; the real ones call /auth, tests pass their own. */
export interface SessionStartDeps {
  storedAccessToken: () => string | null;
  /** POST /auth/validate with the stored token; throws ApiError 401 when it is invalid. */
  validate: () => Promise<{ valid: boolean; user: CommunityUser }>;
  /** One refresh of a refused token: true when a newer token is stored; false when refused (tokens cleared). */
  refresh: (usedAccessToken: string) => Promise<boolean>;
  clearTokens: () => void;
  /** Whether the browser holds the readable hint the server sets beside the Discord session cookie. */
  hasCookieSessionHint: () => boolean;
  /** GET /auth/user without the token: the Discord cookie session; throws ApiError 401 when there is none. */
  fetchCookieUser: () => Promise<CommunityUser>;
}

const isRefused = (error: unknown) => error instanceof ApiError && error.status === 401;

async function validUser(deps: SessionStartDeps): Promise<CommunityUser | null> {
  try {
    const answer = await deps.validate();
    return answer.valid ? answer.user : null;
  } catch (error) {
    if (isRefused(error)) return null;
    throw error;
  }
}

/**
 * The session start of spec 1 §4: a stored access token is validated; if it is invalid, the stored refresh
 * token is tried once; if that fails too, both tokens are cleared. Then the Discord cookie session is asked, when
 * the server's hint cookie says there is one: a visitor with neither is signed out without a call that must fail.
 * Refusals (401) mean "not signed in this way"; other failures (offline, 5xx) are thrown, keeping the tokens.
 */
export async function startCommunitySession(deps: SessionStartDeps): Promise<CommunitySessionState> {
  const accessToken = deps.storedAccessToken();
  if (accessToken) {
    const user = await validUser(deps);
    if (user) return { status: 'signed-in', user, via: 'token' };
    if (await deps.refresh(accessToken)) {
      const refreshed = await validUser(deps);
      if (refreshed) return { status: 'signed-in', user: refreshed, via: 'token' };
    }
    deps.clearTokens();
  }
  if (!deps.hasCookieSessionHint()) return { status: 'signed-out' };
  try {
    return { status: 'signed-in', user: await deps.fetchCookieUser(), via: 'cookie' };
  } catch (error) {
    if (isRefused(error)) return { status: 'signed-out' };
    throw error;
  }
}
