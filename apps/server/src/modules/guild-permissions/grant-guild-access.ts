import { GUILD_MEMBER_PERMISSIONS, GUILD_PERMISSION_NAMES } from '@guildhall/contract';
import { z } from 'zod';
import { AppError } from '../../core/app-error';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { insertGuildGrants, selectTenantsByIdOrName, selectUserIdByEmail } from './grant-queries';

/** Who gets which permissions in which guild tenant (by id or exact name). */
export const grantGuildAccessInput = z.object({
  email: z.string().trim().toLowerCase().min(3),
  guild: z.string().trim().min(1),
  permissions: z.array(z.enum(GUILD_PERMISSION_NAMES)).default([...GUILD_MEMBER_PERMISSIONS]),
});
/** What grantGuildAccess takes. */
export type GrantGuildAccessInput = z.input<typeof grantGuildAccessInput>;

/**
 * Grants a community user permissions in a guild tenant. This is how an e-mail account without
 * Discord reaches a guild; the grants add to whatever Discord gives a Discord member.
 */
export async function grantGuildAccess(db: Db, input: GrantGuildAccessInput, actor: AuditActor) {
  const grant = grantGuildAccessInput.parse(input);
  return db.transaction(async (tx) => {
    const userId = await selectUserIdByEmail(tx, grant.email);
    if (!userId) throw new AppError('NOT_FOUND', `No user with the e-mail ${grant.email}`);
    const guilds = await selectTenantsByIdOrName(tx, grant.guild);
    if (guilds.length !== 1) {
      throw new AppError('NOT_FOUND', `${guilds.length ? 'Several guilds are' : 'No guild is'} named ${grant.guild}`);
    }
    const tenant = guilds[0]!;
    if (!tenant.discord_guild_id) throw new AppError('CONFLICT', `${tenant.guild_name} has no Discord guild id`);
    await insertGuildGrants(tx, {
      tenantId: tenant.id,
      userId,
      permissions: grant.permissions,
      grantedBy: actor.type === 'admin' || actor.type === 'user' ? `${actor.type}:${actor.id}` : actor.type,
    });
    await recordAudit(tx, {
      actor,
      action: 'guild.access_granted',
      target: { type: 'guild', id: tenant.id },
      details: { userId, email: grant.email, permissions: grant.permissions },
    });
    return { guildName: tenant.guild_name, discordGuildId: tenant.discord_guild_id, permissions: grant.permissions };
  });
}
