import { GUILD_GRANT_MESSAGES, type GuildPermission } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import { type DiscordRoleDeps, discordTenant, readGuildRoles } from './discord-roles';
import { grantedByOf } from './grant-permissions';
import { presentRole } from './presenters';
import { countRoleMembers, replaceRoleMapping, selectRoleMappings } from './role-queries';

/** Which role of which guild, and the permissions it is to grant. */
export interface RoleMappingRequest {
  tenantId: string;
  roleId: string;
  permissions: readonly GuildPermission[];
}

/**
 * Sets the guild permissions a Discord role grants its holders (empty: the mapping is removed). The role must be
 * one Discord lists for the guild now (404 otherwise). Replaced and audited in one transaction.
 */
export async function mapDiscordRole(deps: DiscordRoleDeps, request: RoleMappingRequest, by: Requester) {
  const tenant = await discordTenant(deps.db, request.tenantId);
  const roles = await readGuildRoles(deps, tenant.discord_guild_id);
  const role = roles.find((candidate) => candidate.id === request.roleId);
  if (!role) throw AppError.notFound(GUILD_GRANT_MESSAGES.roleNotFound);
  const permissions = [...new Set(request.permissions)];
  return deps.db.transaction(async (tx) => {
    const before = await replaceRoleMapping(tx, {
      tenantId: tenant.id,
      roleId: role.id,
      permissions,
      mappedBy: grantedByOf(by),
    });
    const after = (await selectRoleMappings(tx, tenant.id)).get(role.id) ?? [];
    await recordAudit(tx, {
      actor: by.actor,
      action: 'guild.role_mapped',
      target: { type: 'guild', id: tenant.id },
      details: {
        guildName: tenant.guild_name,
        discordGuildId: tenant.discord_guild_id,
        roleId: role.id,
        roleName: role.name,
        permissions: after,
        previous: before,
        added: after.filter((permission) => !before.includes(permission)),
        removed: before.filter((permission) => !after.includes(permission)),
      },
      ip: by.ip,
    });
    const counts = await countRoleMembers(tx, tenant.id, tenant.discord_guild_id, [role.id]);
    return presentRole(role, counts.get(role.id) ?? 0, after);
  });
}
