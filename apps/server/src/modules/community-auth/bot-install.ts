import { type BotPermissionName, botPermissionBits, COMMUNITY_MESSAGES } from '@guildhall/contract';
import type { CommunityPrincipal } from '../../auth/community-user';
import { AppError } from '../../core/app-error';
import { discordSiteBase } from '../../services/discord/discord-oauth';
import type { AccountDeps } from './account-deps';
import { loadGuildAccess } from './guild-access';
import { activeTenantGuildIds } from './guild-queries';

/** Is the bot in this guild, and may the user add it (owner, Administrator or Manage Server)? */
export async function checkGuild(
  deps: AccountDeps,
  principal: CommunityPrincipal,
  discordGuildId: string,
): Promise<{ hasBot: boolean; canInstall: boolean }> {
  const access = await loadGuildAccess(deps, principal.user);
  const known = access.guilds.find((g) => g.guild.id === discordGuildId);
  if (known) return { hasBot: known.guild.hasBot, canInstall: known.guild.canInstall };
  const withBot = deps.kit.botGuilds.isConfigured
    ? await deps.kit.botGuilds.guildIds()
    : await activeTenantGuildIds(deps.db, [discordGuildId]);
  return { hasBot: withBot.has(discordGuildId), canInstall: false };
}

/**
 * The bot's invite URL for one of the user's guilds they may install it in, asking only for the named
 * permissions (the least-privilege default set when none are named).
 */
export async function botInviteUrl(
  deps: AccountDeps,
  principal: CommunityPrincipal,
  request: { guildId: string; permissions: BotPermissionName[] },
): Promise<{ inviteUrl: string; permissions: string }> {
  const { discordClientId, discordApiBase } = deps.kit.settings;
  if (!discordClientId) throw new AppError('DISCORD_NOT_CONFIGURED', COMMUNITY_MESSAGES.discordBotNotConfigured);
  const { canInstall } = await checkGuild(deps, principal, request.guildId);
  if (!canInstall) throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.cannotInstallBot);
  const permissions = botPermissionBits(request.permissions);
  const query = [
    `client_id=${encodeURIComponent(discordClientId)}`,
    'scope=bot%20applications.commands',
    `permissions=${permissions}`,
    `guild_id=${encodeURIComponent(request.guildId)}`,
    'disable_guild_select=true',
  ].join('&');
  return { inviteUrl: `${discordSiteBase(discordApiBase)}/oauth2/authorize?${query}`, permissions };
}
