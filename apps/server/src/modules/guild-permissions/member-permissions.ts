import {
  discordAdminRight,
  GUILD_ADMIN_PERMISSIONS,
  GUILD_GRANT_MESSAGES,
  GUILD_MEMBER_PERMISSIONS,
  type GuildPermissionSource,
  guildPermissionsWithSources,
  type MemberEffectivePermissions,
  type PermissionSourceKind,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { DiscordRole } from '../../services/discord/guild-roles';
import { type DiscordRoleDeps, discordTenant, readGuildRoles } from './discord-roles';
import { selectUserGrants } from './grant-queries';
import { selectCurrentMember, selectDiscordSignIn } from './member-queries';
import { selectRoleMappings } from './role-queries';

type Source = GuildPermissionSource<PermissionSourceKind>;

/**
 * The server's roles by id, for their names and permission bits. Best effort: without a bot token or with Discord
 * down, roles are named by their id and only the sign-in's standing says who is a Discord admin.
 */
async function rolesById(deps: DiscordRoleDeps, discordGuildId: string): Promise<Map<string, DiscordRole>> {
  if (!deps.discord) return new Map();
  try {
    return new Map((await readGuildRoles(deps, discordGuildId)).map((role) => [role.id, role]));
  } catch {
    return new Map();
  }
}

/**
 * A member's effective permissions in a guild and where each comes from: server owner and Administrator / Manage
 * Server (from what Discord said at their last sign-in, or from the bits of the roles they hold), membership, each
 * mapped role they hold (the last member sync's roles, and @everyone), and the grants of the Guildhall user signed
 * in with that Discord id. 404 when the id is neither a current member nor a user with standing or grants there.
 */
export async function memberPermissions(
  deps: DiscordRoleDeps,
  tenantId: string,
  discordUserId: string,
): Promise<MemberEffectivePermissions> {
  const tenant = await discordTenant(deps.db, tenantId);
  const [member, signIn] = await Promise.all([
    selectCurrentMember(deps.db, tenant.id, discordUserId),
    selectDiscordSignIn(deps.db, discordUserId, tenant.discord_guild_id),
  ]);
  const grants = signIn ? await selectUserGrants(deps.db, tenant.id, signIn.id) : [];
  // Discord listed the server for them at their last sign-in: they were a member then.
  const isSignInMember = signIn !== null && signIn.is_owner !== null;
  if (!member && !isSignInMember && grants.length === 0) throw AppError.notFound(GUILD_GRANT_MESSAGES.memberNotFound);

  const sources: Source[] = [];
  if (signIn?.is_owner) sources.push({ kind: 'owner', label: 'Server owner', permissions: GUILD_ADMIN_PERMISSIONS });
  const standingRight = isSignInMember ? discordAdminRight(signIn.permissions ?? '0') : null;
  if (standingRight) sources.push({ kind: 'discord_admin', label: standingRight, permissions: GUILD_ADMIN_PERMISSIONS });

  // Members hold @everyone without Discord listing it among their roles.
  const heldRoleIds = member ? [...member.roles, tenant.discord_guild_id] : [];
  const needsRoles = heldRoleIds.length > 0;
  const [roles, mappings] = await Promise.all([
    needsRoles ? rolesById(deps, tenant.discord_guild_id) : new Map<string, DiscordRole>(),
    needsRoles ? selectRoleMappings(deps.db, tenant.id) : new Map<string, string[]>(),
  ]);
  const roleLabel = (roleId: string) => `Role: ${roles.get(roleId)?.name ?? roleId}`;
  for (const roleId of heldRoleIds) {
    const right = discordAdminRight(roles.get(roleId)?.permissions ?? '0');
    if (right)
      sources.push({ kind: 'discord_admin', label: `${right} (${roleLabel(roleId)})`, permissions: GUILD_ADMIN_PERMISSIONS });
  }
  if (member || isSignInMember) sources.push({ kind: 'member', label: 'Guild member', permissions: GUILD_MEMBER_PERMISSIONS });
  const mappedHeld = heldRoleIds
    .filter((roleId) => mappings.has(roleId))
    .sort((a, b) => (roles.get(b)?.position ?? 0) - (roles.get(a)?.position ?? 0));
  for (const roleId of mappedHeld) sources.push({ kind: 'role', label: roleLabel(roleId), permissions: mappings.get(roleId)! });

  const grantedBy = new Map<string, string[]>();
  for (const grant of grants) {
    const label = grant.granted_by ? `Granted by ${grant.granted_by}` : 'Granted';
    grantedBy.set(label, [...(grantedBy.get(label) ?? []), grant.permission]);
  }
  for (const [label, permissions] of grantedBy) sources.push({ kind: 'grant', label, permissions });

  return {
    discordUserId,
    username: member?.username ?? signIn?.username ?? discordUserId,
    userId: signIn?.id ?? null,
    permissions: guildPermissionsWithSources(sources),
  };
}
