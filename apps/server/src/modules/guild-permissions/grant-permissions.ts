import { GUILD_GRANT_MESSAGES, type GuildPermission } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import {
  insertGuildGrants,
  selectCommunityUser,
  selectGrantedPermissions,
  selectTenant,
  selectUserGrants,
} from './grant-queries';
import { presentGrant } from './presenters';

/** What an admin grants: permissions to one community user in one guild tenant. */
export interface GrantRequest {
  /** The guild tenant's uuid. */
  tenantId: string;
  userId: string;
  permissions: readonly GuildPermission[];
}

/** Who granted, as granted_by and mapped_by store it. */
export const grantedByOf = (by: Requester) =>
  by.actor.type === 'admin' || by.actor.type === 'user' ? `${by.actor.type}:${by.actor.id}` : by.actor.type;

/**
 * Grants the permissions (those already held stay as they were) and answers with every grant the user now holds
 * in that guild; 404 for an unknown guild or user. Audited in the same transaction, with what was new.
 */
export async function grantPermissions(db: Db, request: GrantRequest, by: Requester) {
  return db.transaction(async (tx) => {
    const tenant = await selectTenant(tx, request.tenantId);
    if (!tenant) throw AppError.notFound(GUILD_GRANT_MESSAGES.guildNotFound);
    const user = await selectCommunityUser(tx, request.userId);
    if (!user) throw AppError.notFound(GUILD_GRANT_MESSAGES.userNotFound);
    const before = new Set(await selectGrantedPermissions(tx, tenant.id, user.id));
    const permissions = [...new Set(request.permissions)];
    await insertGuildGrants(tx, { tenantId: tenant.id, userId: user.id, permissions, grantedBy: grantedByOf(by) });
    await recordAudit(tx, {
      actor: by.actor,
      action: 'guild.access_granted',
      target: { type: 'guild', id: tenant.id },
      details: {
        guildName: tenant.guild_name,
        userId: user.id,
        username: user.username,
        email: user.email,
        discordId: user.discord_id,
        permissions,
        added: permissions.filter((permission) => !before.has(permission)),
      },
      ip: by.ip,
    });
    return (await selectUserGrants(tx, tenant.id, user.id)).map(presentGrant);
  });
}
