import { randomBytes } from 'node:crypto';
import {
  type CreateInviteInput,
  createInviteBody,
  GUILD_INVITE_MESSAGES,
  type GuildInvite,
  guildNotFound,
  INVITE_EXPIRY_CHOICES,
  INVITE_LIMITS,
  invitePath,
} from '@guildhall/contract';
import { hashSessionToken } from '../../auth/session-token';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import type { InviteManager } from './invite-manager';
import { presentInvite } from './presenters';
import { countActiveInvites, findInvite, findInviteGuild, insertInvite } from './queries';

/** 18 random bytes: a 24-character URL-safe code. */
const CODE_BYTES = 18;
/** How much of the code the list shows. */
const HINT_LENGTH = 4;

/** A new link: the stored invite, and its code and address, which exist only in this answer. */
export interface CreatedInvite {
  invite: GuildInvite;
  code: string;
  url: string;
}

/**
 * Creates an invite link for a guild tenant. The guild must be able to take members (active, with a Discord
 * server) and have fewer than INVITE_LIMITS.activePerGuild usable links; the guild row is locked while counting,
 * so two creations at once cannot both pass the cap. Audited as guild.invite_created.
 */
export async function createInvite(
  db: Db,
  request: { tenantId: string; input: CreateInviteInput; manager: InviteManager; publicUrl: string },
): Promise<CreatedInvite> {
  const input = createInviteBody.parse(request.input);
  const { actor, ip } = request.manager;
  const code = randomBytes(CODE_BYTES).toString('base64url');
  return db.transaction(async (tx) => {
    const guild = await findInviteGuild(tx, request.tenantId, true);
    if (!guild) throw AppError.notFound(guildNotFound(request.tenantId));
    if (!guild.discord_guild_id) throw new AppError('CONFLICT', GUILD_INVITE_MESSAGES.noDiscordServer);
    if (!guild.is_active) throw new AppError('CONFLICT', GUILD_INVITE_MESSAGES.guildClosed);
    if ((await countActiveInvites(tx, guild.id)) >= INVITE_LIMITS.activePerGuild) {
      throw new AppError('CONFLICT', GUILD_INVITE_MESSAGES.tooManyActive);
    }
    const expiresAt = new Date(Date.now() + INVITE_EXPIRY_CHOICES[input.expiresIn].ms);
    const inviteId = await insertInvite(tx, {
      tenantId: guild.id,
      codeHash: hashSessionToken(code),
      codeHint: code.slice(0, HINT_LENGTH),
      maxUses: input.maxUses,
      expiresAt,
      createdByAdminId: actor.type === 'admin' ? actor.id : null,
      createdByUserId: actor.type === 'user' ? actor.id : null,
    });
    await recordAudit(tx, {
      actor,
      action: 'guild.invite_created',
      target: { type: 'guild', id: guild.id },
      details: { inviteId, maxUses: input.maxUses, expiresIn: input.expiresIn, expiresAt: expiresAt.toISOString() },
      ip,
    });
    const row = await findInvite(tx, guild.id, inviteId);
    return { invite: presentInvite(row!), code, url: `${request.publicUrl}${invitePath(code)}` };
  });
}
