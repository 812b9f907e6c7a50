import { timingSafeEqual } from 'node:crypto';
import { COMMUNITY_MESSAGES, COMMUNITY_PATHS, DISCORD_STATE_TTL_MS, type DiscordSignInError } from '@guildhall/contract';
import { insertOAuthState, useOAuthState } from '../../auth/community-token-queries';
import { hashSessionToken, newSessionToken } from '../../auth/session-token';
import { AppError } from '../../core/app-error';
import type { AccountDeps } from './account-deps';
import { upsertDiscordAccount } from './discord-account';
import { finishDiscordLink } from './discord-link';
import { type DiscordReading, openDiscordSession, readDiscord } from './discord-session';
import { loadGuildAccess } from './guild-access';
import type { ClientInfo } from './sign-in-tokens';

/** Starts a Discord sign-in: a fresh state (its hash stored), and the authorize URL carrying it. */
export async function startDiscordSignIn(deps: AccountDeps): Promise<{ authUrl: string; state: string }> {
  const discord = deps.kit.discord;
  if (!discord) throw new AppError('DISCORD_NOT_CONFIGURED', COMMUNITY_MESSAGES.discordNotConfigured);
  const state = newSessionToken();
  await insertOAuthState(deps.db, hashSessionToken(state), new Date(Date.now() + DISCORD_STATE_TTL_MS));
  return { authUrl: discord.authorizeUrl(state), state };
}

/** What Discord's redirect brought back, and the state cookie of this browser. */
export interface DiscordReturn {
  code?: string;
  state?: string;
  error?: string;
  cookieState: string | null;
}

/** Where the browser goes next, and the session token to set when the sign-in succeeded. */
export interface DiscordSignInResult {
  redirectTo: string;
  sessionToken?: string;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Finishes a Discord sign-in: the state must match this browser's cookie and a live stored state (once),
 * then the code is exchanged, the profile and guilds read, the account created or refreshed and a cookie
 * session opened. Failures go back to the login page with ?error=<DiscordSignInError>.
 */
export async function finishDiscordSignIn(
  deps: AccountDeps,
  back: DiscordReturn,
  client: ClientInfo,
): Promise<DiscordSignInResult> {
  const { publicUrl } = deps.kit.settings;
  const failed = (error: DiscordSignInError) => ({ redirectTo: `${publicUrl}${COMMUNITY_PATHS.login}?error=${error}` });
  const discord = deps.kit.discord;
  if (!discord) return failed('not_configured');

  const isBrowserBound = Boolean(back.state && back.cookieState && sameText(back.state, back.cookieState));
  const liveState = back.state ? await useOAuthState(deps.db, hashSessionToken(back.state)) : null;
  if (isBrowserBound && liveState?.linkUserId) return finishDiscordLink(deps, liveState.linkUserId, back, client);
  if (back.error) return failed('access_denied');
  if (!isBrowserBound || !liveState) return failed('state_mismatch');
  if (!back.code) return failed('exchange_failed');

  let signedIn: DiscordReading;
  try {
    signedIn = await readDiscord(discord, back.code);
  } catch (error) {
    deps.log.warn({ err: error }, 'Discord sign-in failed');
    return failed('exchange_failed');
  }

  const user = await upsertDiscordAccount(deps.db, signedIn.profile);
  const sessionToken = await openDiscordSession(deps, user.id, signedIn, client);

  let isGuildChosen = false;
  try {
    // A sign-in is rare and is when a member who just added the bot expects to see it: skip the cache.
    isGuildChosen = !(await loadGuildAccess(deps, user, { fresh: true })).selection.requiresGuildSelection;
  } catch (error) {
    // The bot's guild list is unavailable: the guild picker reports it; the sign-in itself stands.
    deps.log.warn({ err: error }, 'guild access unavailable after Discord sign-in');
  }
  return { redirectTo: `${publicUrl}${isGuildChosen ? COMMUNITY_PATHS.home : COMMUNITY_PATHS.selectGuild}`, sessionToken };
}
