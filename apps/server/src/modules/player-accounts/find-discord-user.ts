import { type DiscordUserLookup, PLAYER_ACCOUNT_MESSAGES, serviceUnavailable } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import { DiscordApiError } from '../../services/discord/discord-api';
import type { DiscordBotClient, DiscordUser } from '../../services/discord/discord-client';
import { ServiceUnreachableError } from '../../services/fetch-service';
import { avatarUrlOf } from '../character-linking/presenters';
import { type DiscordProfile, selectDiscordHolder } from './queries';

/** Discord's CDN address of the user's avatar, or of the default one (legacy users: by discriminator). */
function avatarUrl(user: DiscordUser): string {
  if (!user.avatar && user.discriminator && user.discriminator !== '0') {
    return `https://cdn.discordapp.com/embed/avatars/${Number(user.discriminator) % 5}.png`;
  }
  return avatarUrlOf({ discord_user_id: user.id, avatar: user.avatar })!;
}

/** Why Discord could not answer, as a 503 the screen can show. */
function discordDown(error: unknown): AppError {
  if (error instanceof ServiceUnreachableError) return new AppError('SERVICE_UNAVAILABLE', error.message);
  if (error instanceof DiscordApiError && error.status === 401) {
    return new AppError('SERVICE_UNAVAILABLE', 'Discord rejected the bot token (401); check DISCORD_BOT_TOKEN');
  }
  if (error instanceof DiscordApiError && error.status === 429) {
    return new AppError('SERVICE_UNAVAILABLE', 'Discord is limiting requests right now; try the lookup again shortly');
  }
  return new AppError('SERVICE_UNAVAILABLE', serviceUnavailable('Discord'));
}

/**
 * Asks Discord for a user by id with the bot token, and says which player account holds that id already.
 * 404 when Discord knows no such user (its 404, code 10013 Unknown User), 503 without a bot token or when
 * Discord does not answer.
 */
export async function findDiscordUser(
  deps: { db: Db; discord: DiscordBotClient | null },
  discordId: string,
): Promise<DiscordUserLookup> {
  if (!deps.discord) throw new AppError('DISCORD_NOT_CONFIGURED', PLAYER_ACCOUNT_MESSAGES.discordNotConfigured);
  let user: DiscordUser;
  try {
    user = await deps.discord.fetchUser(discordId);
  } catch (error) {
    if (error instanceof DiscordApiError && error.status === 404)
      throw AppError.notFound(PLAYER_ACCOUNT_MESSAGES.discordUserNotFound);
    throw discordDown(error);
  }
  const holder = await selectDiscordHolder(deps.db, user.id);
  return {
    id: user.id,
    username: user.username,
    globalName: user.global_name ?? null,
    discriminator: user.discriminator && user.discriminator !== '0' ? user.discriminator : null,
    avatar: user.avatar ?? null,
    avatarUrl: avatarUrl(user),
    heldBy: holder ? { id: holder.id, displayName: holder.display_name } : null,
  };
}

/**
 * The user as Discord answers for them, kept with a new link so the account names who it is linked to. Best
 * effort: without a bot token, or with Discord slow or down, the link is made without it (the member rows of a
 * later sync fill the names in).
 */
export async function discordProfileOf(discord: DiscordBotClient | null, discordId: string): Promise<DiscordProfile | null> {
  if (!discord) return null;
  try {
    const user = await discord.fetchUser(discordId);
    return {
      username: user.username,
      globalName: user.global_name ?? null,
      avatar: user.avatar ?? null,
      discriminator: user.discriminator && user.discriminator !== '0' ? user.discriminator : null,
    };
  } catch {
    return null;
  }
}
