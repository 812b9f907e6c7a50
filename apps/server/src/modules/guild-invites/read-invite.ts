import { GUILD_INVITE_MESSAGES, INVITE_STATUS_MESSAGES, type InvitePreview } from '@guildhall/contract';
import { hashSessionToken } from '../../auth/session-token';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { discordGuildIconUrl } from '../../services/discord/discord-oauth';
import type { InviteByCodeRow } from './queries';
import { findInviteByCodeHash } from './queries';

/** Why a link cannot take anyone in: its own state, then its guild's; null when it can. */
export function inviteRefusal(row: InviteByCodeRow): string | null {
  if (row.status !== 'active') return INVITE_STATUS_MESSAGES[row.status];
  if (!row.discord_guild_id) return GUILD_INVITE_MESSAGES.noDiscordServer;
  if (!row.is_active) return GUILD_INVITE_MESSAGES.guildClosed;
  return null;
}

/** The link of a code with its guild; an unknown code is 404 with the join page's message. */
export async function findInviteByCode(db: Queryable, code: string): Promise<InviteByCodeRow> {
  const row = await findInviteByCodeHash(db, hashSessionToken(code));
  if (!row) throw AppError.notFound(GUILD_INVITE_MESSAGES.notFound);
  return row;
}

/**
 * What the join page shows before anyone signs in: the guild's name and icon, whether the link can be used,
 * and why not. Holding the code is what lets someone see its guild, as with any invite link.
 */
export async function readInvite(db: Queryable, code: string): Promise<{ invite: InvitePreview; message: string | null }> {
  const row = await findInviteByCode(db, code);
  return {
    invite: {
      guildId: row.discord_guild_id,
      guildName: row.guild_name,
      iconUrl: row.discord_guild_id ? discordGuildIconUrl(row.discord_guild_id, row.icon) : null,
      status: row.status,
      expiresAt: row.expires_at.toISOString(),
      usesLeft: Math.max(0, row.max_uses - row.uses),
    },
    message: inviteRefusal(row),
  };
}
