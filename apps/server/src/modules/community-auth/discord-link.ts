import { COMMUNITY_MESSAGES, COMMUNITY_PATHS, DISCORD_STATE_TTL_MS, type DiscordLinkResult } from '@guildhall/contract';
import { insertOAuthState } from '../../auth/community-token-queries';
import { findUserByDiscordId, findUserById, type UserRow, updateDiscordProfile } from '../../auth/community-user-queries';
import { hashSessionToken, newSessionToken } from '../../auth/session-token';
import { AppError } from '../../core/app-error';
import type { AccountDeps } from './account-deps';
import { type DiscordReading, openDiscordSession, readDiscord } from './discord-session';
import type { ClientInfo } from './sign-in-tokens';

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Starts linking Discord to a signed-in account without it: a state that names the user (its hash stored),
 * and the authorize URL carrying it. The callback is the sign-in's; the state tells it to link instead.
 */
export async function startDiscordLink(deps: AccountDeps, user: UserRow): Promise<{ authUrl: string; state: string }> {
  const discord = deps.kit.discord;
  if (!discord) throw new AppError('DISCORD_NOT_CONFIGURED', COMMUNITY_MESSAGES.discordNotConfigured);
  if (user.discord_id) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.discordAlreadyLinked);
  const state = newSessionToken();
  await insertOAuthState(deps.db, hashSessionToken(state), new Date(Date.now() + DISCORD_STATE_TTL_MS), user.id);
  return { authUrl: discord.authorizeUrl(state), state };
}

/**
 * Finishes linking once the state proved this browser and this user: a Discord account that already belongs
 * to another Guildhall account is refused (`taken`), an account that got Discord meanwhile is left alone
 * (`already_linked`). Linked, the account signs in either way (authMethod both), lists its Discord servers,
 * and this browser also gets the Discord cookie session that keeps the token for guilds/verify.
 */
export async function finishDiscordLink(
  deps: AccountDeps,
  userId: string,
  back: { code?: string; error?: string },
  client: ClientInfo,
): Promise<{ redirectTo: string; sessionToken?: string }> {
  const done = (result: DiscordLinkResult) => ({
    redirectTo: `${deps.kit.settings.publicUrl}${COMMUNITY_PATHS.settings}?discordLink=${result}`,
  });
  const discord = deps.kit.discord;
  if (!discord) return done('not_configured');
  if (back.error) return done('access_denied');
  if (!back.code) return done('exchange_failed');

  let reading: DiscordReading;
  try {
    reading = await readDiscord(discord, back.code);
  } catch (error) {
    deps.log.warn({ err: error }, 'Discord linking failed');
    return done('exchange_failed');
  }

  const user = await findUserById(deps.db, userId);
  if (!user) return done('state_mismatch');
  if (user.discord_id) return done(user.discord_id === reading.profile.id ? 'linked' : 'already_linked');
  const holder = await findUserByDiscordId(deps.db, reading.profile.id);
  if (holder) return done('taken');
  const identity = {
    discordId: reading.profile.id,
    username: reading.profile.username,
    globalName: reading.profile.global_name,
    avatar: reading.profile.avatar,
  };
  try {
    await updateDiscordProfile(deps.db, user.id, identity, null);
  } catch (error) {
    // Another account took this Discord id between the check and the update.
    if (isUniqueViolation(error)) return done('taken');
    throw error;
  }
  const sessionToken = await openDiscordSession(deps, user.id, reading, client);
  deps.log.info({ userId: user.id }, 'Discord linked to an e-mail account');
  return { ...done('linked'), sessionToken };
}
