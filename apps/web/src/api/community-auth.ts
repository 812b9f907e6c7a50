import { COMMUNITY_SESSION_HINT_COOKIE, communityAuthApi } from '@guildhall/contract';
import type { StoredTokens } from '../community-auth/token-store';
import { ApiError } from './api-error';
import { callCommunityEndpoint, type EndpointResponse } from './endpoint';

/** Query keys of the community sign-in; every community key starts with "community-". */
export const communityAuthKeys = {
  all: ['community-auth'] as const,
  session: () => [...communityAuthKeys.all, 'session'] as const,
  guilds: (userId: string) => [...communityAuthKeys.all, 'guilds', userId] as const,
  permissions: (userId: string, guildId: string) => [...communityAuthKeys.all, 'permissions', userId, guildId] as const,
  guildCheck: (guildId: string) => [...communityAuthKeys.all, 'guild-check', guildId] as const,
  discordSignIn: () => [...communityAuthKeys.all, 'discord'] as const,
};

/** True for a query of the community app (not the admin console's). */
export const isCommunityQueryKey = (queryKey: readonly unknown[]) =>
  typeof queryKey[0] === 'string' && queryKey[0].startsWith('community-');

/** The session calls handle their own 401s: they are how the session start learns it is signed out. */
const quiet = { onUnauthorized: 'throw' } as const;

/** POST /auth/validate with the stored access token. */
export const validateAccessToken = () => callCommunityEndpoint(communityAuthApi.validate, quiet);

/** True when the browser holds the hint the server sets beside its Discord session cookie (that one is httpOnly). */
export const hasCookieSessionHint = () =>
  document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${COMMUNITY_SESSION_HINT_COOKIE}=`));

/** GET /auth/user by the Discord cookie session alone. */
export async function fetchCookieUser() {
  const answer = await callCommunityEndpoint(communityAuthApi.user, { ...quiet, sendAccessToken: false });
  return answer.user;
}

/** GET /auth/user as the signed-in user (token or cookie), after a change the user object reflects. */
export async function fetchSignedInUser() {
  return (await callCommunityEndpoint(communityAuthApi.user)).user;
}

/** POST /auth/refresh: the rotated pair, or null when the server refused the refresh token. */
export async function requestTokenRefresh(refreshToken: string): Promise<StoredTokens | null> {
  try {
    const answer = await callCommunityEndpoint(communityAuthApi.refresh, {
      ...quiet,
      sendAccessToken: false,
      body: { refreshToken },
    });
    return { accessToken: answer.accessToken, refreshToken: answer.refreshToken };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

/** POST /auth/logout, ending the refresh token's sign-in and the Discord session on the server. */
export function logoutCommunity(refreshToken: string | null) {
  return callCommunityEndpoint(communityAuthApi.logout, { ...quiet, body: refreshToken ? { refreshToken } : {} });
}

/** GET /auth/guilds. */
export const fetchGuildList = (signal?: AbortSignal) => callCommunityEndpoint(communityAuthApi.guilds, { signal });

/** POST /auth/guilds/select. */
export const selectGuildOnServer = (guildId: string) =>
  callCommunityEndpoint(communityAuthApi.selectGuild, { body: { guildId }, guildId });

/** The answer of POST /auth/guilds/select. */
export type SelectGuildAnswer = EndpointResponse<typeof communityAuthApi.selectGuild>;

/** GET /auth/permissions for the given selected guild. */
export async function fetchGuildPermissions(guildId: string, signal?: AbortSignal): Promise<string[]> {
  const answer = await callCommunityEndpoint(communityAuthApi.permissions, { guildId, signal });
  return answer.requiresGuildSelection ? [] : answer.permissions;
}
