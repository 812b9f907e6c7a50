import type { GuildPermission } from '@guildhall/contract';
import { latestDiscordToken } from '../../auth/community-session-queries';
import type { CommunityPrincipal } from '../../auth/community-user';
import { updateSelectedGuild } from '../../auth/community-user-queries';
import { openSealedText } from '../../auth/sealed-text';
import { AppError } from '../../core/app-error';
import { DiscordApiError } from '../../services/discord/discord-api';
import type { AccountDeps } from './account-deps';
import { availableGuild, type GuildAccess, loadGuildAccess, permissionsIn } from './guild-access';
import { replaceUserDiscordGuilds } from './guild-queries';

/** Selects one of the user's available guilds; someone else's guild, or one without the bot, is refused. */
export async function chooseGuild(
  deps: AccountDeps,
  principal: CommunityPrincipal,
  discordGuildId: string,
): Promise<{ guildName: string; permissions: GuildPermission[] }> {
  const access = await loadGuildAccess(deps, principal.user);
  const chosen = availableGuild(access, discordGuildId);
  if (!chosen) throw new AppError('GUILD_NOT_AVAILABLE');
  await updateSelectedGuild(deps.db, principal.user.id, discordGuildId);
  principal.user.selected_guild_id = discordGuildId;
  return { guildName: chosen.guild.name, permissions: await permissionsIn(deps.db, principal.user.id, chosen) };
}

/** The Discord token to re-read the user's guilds with: this session's, else the newest of their sessions. */
async function discordTokenOf(deps: AccountDeps, principal: CommunityPrincipal): Promise<string | null> {
  const isSessionTokenLive =
    principal.via === 'session' &&
    principal.discordTokenSealed !== null &&
    (principal.discordTokenExpiresAt?.getTime() ?? 0) > Date.now();
  const sealed = isSessionTokenLive ? principal.discordTokenSealed : await latestDiscordToken(deps.db, principal.user.id);
  if (!sealed) return null;
  return openSealedText((await deps.kit.signingKeys()).sealing, sealed);
}

/**
 * Re-reads the user's guilds from Discord (when a Discord token is at hand) and the bot's guilds without the
 * cache, then applies the selection rules again. A Discord token that stopped working leaves the stored list.
 */
export async function verifyGuilds(deps: AccountDeps, principal: CommunityPrincipal): Promise<GuildAccess> {
  const discord = deps.kit.discord;
  const token = discord ? await discordTokenOf(deps, principal) : null;
  if (discord && token) {
    try {
      await replaceUserDiscordGuilds(deps.db, principal.user.id, await discord.fetchGuilds(token));
    } catch (error) {
      if (!(error instanceof DiscordApiError && error.status === 401)) throw AppError.serviceUnavailable('Discord');
      deps.log.info({ userId: principal.user.id }, "the stored Discord token no longer works; keeping the user's guild list");
    }
  }
  return loadGuildAccess(deps, principal.user, { fresh: true });
}
