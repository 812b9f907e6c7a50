import {
  alreadyGuildMember,
  GUILD_INVITE_MESSAGES,
  GUILD_MEMBER_PERMISSIONS,
  INVITE_STATUS_MESSAGES,
  joinedGuild,
} from '@guildhall/contract';
import { type UserRow, updateSelectedGuild } from '../../auth/community-user-queries';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { GuildAccessDeps } from '../community-auth/guild-access';
import { insertGuildGrants } from '../guild-permissions/grant-queries';
import { hasGuild, inviteStatusNow, lockUserAndCheckMembership, takeInviteUse } from './queries';
import { findInviteByCode, inviteRefusal } from './read-invite';

/** What joining through a link gives back: the guild (its Discord id is the new selection) and the welcome. */
export interface AcceptedInvite {
  guild: { id: string; name: string };
  message: string;
}

const unusable = (message: string) => new AppError('INVITE_ENDED', message);

/**
 * Joins the guild of an invite code: the member permissions are granted exactly as `grant-guild-access` grants
 * them, the guild becomes the user's selection, and the acceptance is audited (guild.invite_accepted).
 * Someone who already has the guild spends nothing (409), whatever became of the link. One transaction: the
 * user's row is locked (one person, one use), membership is checked again, and the use is taken by a conditional
 * UPDATE, so of two people racing for a link's last use exactly one gets in and the other hears it is used up (410).
 */
export async function acceptInvite(
  deps: GuildAccessDeps,
  request: { user: UserRow; code: string; ip: string },
): Promise<AcceptedInvite> {
  const { user, ip } = request;
  const found = await findInviteByCode(deps.db, request.code);
  const guild = found.discord_guild_id ? { tenantId: found.tenant_id, discordGuildId: found.discord_guild_id } : null;
  // Someone opening the link they already joined with hears that they are in, whatever became of the link.
  if (guild && (await hasGuild(deps.db, user.id, guild))) throw new AppError('CONFLICT', alreadyGuildMember(found.guild_name));
  const refusal = inviteRefusal(found);
  if (refusal || !guild) {
    const message = refusal ?? GUILD_INVITE_MESSAGES.noDiscordServer;
    throw found.status === 'active' ? new AppError('CONFLICT', message) : unusable(message);
  }
  // With a bot token, Discord says where the bot is; a guild it left cannot be selected, so nobody joins it.
  if (deps.kit.botGuilds.isConfigured && !(await deps.kit.botGuilds.guildIds()).has(guild.discordGuildId)) {
    throw new AppError('CONFLICT', GUILD_INVITE_MESSAGES.guildClosed);
  }

  await deps.db.transaction(async (tx) => {
    if (await lockUserAndCheckMembership(tx, user.id, guild)) {
      throw new AppError('CONFLICT', alreadyGuildMember(found.guild_name));
    }
    const taken = await takeInviteUse(tx, found.id);
    if (!taken) {
      const status = await inviteStatusNow(tx, found.id);
      throw unusable(status && status !== 'active' ? INVITE_STATUS_MESSAGES[status] : GUILD_INVITE_MESSAGES.usedUp);
    }
    await insertGuildGrants(tx, {
      tenantId: found.tenant_id,
      userId: user.id,
      permissions: GUILD_MEMBER_PERMISSIONS,
      grantedBy: `invite:${found.id}`,
    });
    await updateSelectedGuild(tx, user.id, guild.discordGuildId);
    await recordAudit(tx, {
      actor: { type: 'user', id: user.id, name: user.global_name ?? user.username },
      action: 'guild.invite_accepted',
      target: { type: 'guild', id: found.tenant_id },
      details: {
        inviteId: found.id,
        userId: user.id,
        email: user.email,
        permissions: GUILD_MEMBER_PERMISSIONS,
        uses: taken.uses,
        maxUses: found.max_uses,
      },
      ip,
    });
  });
  user.selected_guild_id = guild.discordGuildId;
  return { guild: { id: guild.discordGuildId, name: found.guild_name }, message: joinedGuild(found.guild_name) };
}
