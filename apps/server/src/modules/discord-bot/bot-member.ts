import { DISCORD_BOT_MESSAGES, type GuildPermission, hasAnyGuildPermission } from '@guildhall/contract';
import { availableGuildOf } from '../../auth/guild-access';
import { AppError } from '../../core/app-error';
import { upsertDiscordAccount } from '../community-auth/discord-account';
import type { RaidMember } from '../raids/raid-member';
import type { DiscordBotDeps } from './discord-bot-deps';
import { actorOf, type Interaction } from './interaction';
import { insertStandingFromMemberSync, upsertServerStanding } from './queries';

/** Who acts through Discord: the guild member the raids module knows, and what they may do in the guild. */
export interface BotMember extends RaidMember {
  permissions: GuildPermission[];
  discordUserId: string;
}

/** Where interactions come from, in audit records: Discord, not an address of the caller's. */
const FROM_DISCORD = 'discord-interaction';

/**
 * The caller of an interaction as a member of the guild of `discordGuildId`. Their Guildhall account is made or
 * refreshed from the signed identity, as a Discord sign-in would (an e-mail account is linked only by a sign-in,
 * which proves the address); in a server, the permissions Discord signed are stored as a sign-in stores its guild
 * list; in a direct message, a member the member sync found counts as a plain member. Then the web's rule decides: the bot present, the tenant active, and at least one of `anyOf`.
 */
export async function botMemberOf(
  deps: DiscordBotDeps,
  interaction: Interaction,
  discordGuildId: string,
  anyOf: readonly GuildPermission[] = ['guild.view'],
): Promise<BotMember> {
  const actor = actorOf(interaction);
  if (!actor) throw new AppError('VALIDATION_FAILED', DISCORD_BOT_MESSAGES.badInteraction);
  const user = await upsertDiscordAccount(deps.db, {
    id: actor.id,
    username: actor.username,
    global_name: actor.global_name ?? null,
    avatar: actor.avatar ?? null,
  });
  if (interaction.member && interaction.guild_id === discordGuildId) {
    await upsertServerStanding(deps.db, user.id, discordGuildId, interaction.member.permissions);
  } else if (!interaction.guild_id) {
    await insertStandingFromMemberSync(deps.db, user.id, discordGuildId, actor.id);
  }
  const guild = await availableGuildOf({ db: deps.db, botGuilds: deps.botGuilds }, user.id, discordGuildId);
  if (!guild?.tenantId) throw new AppError('FORBIDDEN', DISCORD_BOT_MESSAGES.guildNotAvailable);
  if (!hasAnyGuildPermission(guild.permissions, anyOf)) throw new AppError('FORBIDDEN', DISCORD_BOT_MESSAGES.notAllowed);
  return {
    guildId: guild.tenantId,
    discordGuildId,
    userId: user.id,
    discordUserId: actor.id,
    permissions: guild.permissions,
    requester: { actor: { type: 'user', id: user.id, name: user.global_name ?? user.username }, ip: FROM_DISCORD },
  };
}
