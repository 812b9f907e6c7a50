import {
  ROLE_SYNC_MARK_LABELS,
  ROLE_SYNC_MESSAGES,
  ROLE_SYNC_REFUSALS,
  type RoleSyncChange,
  type RoleSyncDiscordRole,
  type RoleSyncMark,
  roleSyncMarkOf,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { DiscordApiError } from '../../services/discord/discord-api';
import { memberStandings } from '../raids/attendance-rule';
import { judgeRoles } from './judge-roles';
import { mappedRolesOf, selectRoleSync, selectRoleSyncMembers } from './queries';
import type { RoleSyncDeps } from './role-sync-deps';

/** A guild tenant and its Discord server. */
export interface RoleSyncGuild {
  guildId: string;
  discordGuildId: string;
}

/** A mapped role role sync leaves alone, and why. */
export interface SkippedRole {
  mark: RoleSyncMark;
  roleId: string;
  reason: string;
}

/** What a sync would do now. */
export interface RoleSyncPlan {
  changes: RoleSyncChange[];
  skipped: SkippedRole[];
}

/** The server's roles as the pickers list them; AppError SERVICE_UNAVAILABLE when Discord cannot be asked. */
export async function readDiscordRoles(deps: RoleSyncDeps, guild: RoleSyncGuild): Promise<RoleSyncDiscordRole[]> {
  if (!deps.discord) throw new AppError('SERVICE_UNAVAILABLE', ROLE_SYNC_MESSAGES.noBotToken);
  try {
    const roles = await deps.discord.fetchGuildRoles(guild.discordGuildId);
    return await judgeRoles(deps.db, guild.guildId, guild.discordGuildId, roles);
  } catch (error) {
    if (error instanceof DiscordApiError) {
      throw new AppError('SERVICE_UNAVAILABLE', ROLE_SYNC_MESSAGES.rolesUnavailable(error.status));
    }
    throw error;
  }
}

/**
 * The roles each member should gain or lose to hold their mark's role and no other mapped one (contract roleSyncMarkOf:
 * inactive, trial, raider or bench by the attendance rule; none off the roster). A mapped role that is no longer in the
 * server, or that became unsafe to give (a moderator's, or one granting Guildhall permissions), is left alone and said.
 */
export async function planRoleSync(deps: RoleSyncDeps, guild: RoleSyncGuild): Promise<RoleSyncPlan> {
  const mapped = mappedRolesOf(await selectRoleSync(deps.db, guild.guildId));
  if (mapped.size === 0) return { changes: [], skipped: [] };
  const roles = new Map((await readDiscordRoles(deps, guild)).map((role) => [role.id, role]));
  const skipped: SkippedRole[] = [];
  const usable: [RoleSyncMark, RoleSyncDiscordRole][] = [];
  for (const [mark, roleId] of mapped) {
    const role = roles.get(roleId);
    const reason = role ? role.refusal : ROLE_SYNC_REFUSALS.missing;
    if (reason || !role) skipped.push({ mark, roleId, reason: reason ?? ROLE_SYNC_REFUSALS.missing });
    else usable.push([mark, role]);
  }
  if (usable.length === 0) return { changes: [], skipped };
  const members = await selectRoleSyncMembers(
    deps.db,
    guild.guildId,
    usable.map(([, role]) => role.id),
  );
  const onRoster = members.filter((member) => member.is_on_roster).map((member) => member.id);
  const { standings } = await memberStandings(deps.db, guild.guildId, onRoster);
  const changes: RoleSyncChange[] = [];
  for (const member of members) {
    const own = roleSyncMarkOf({
      isOnRoster: member.is_on_roster,
      isTrial: member.is_trial,
      isInactive: member.is_inactive,
      standing: { meetsRule: standings.get(member.id)?.meetsRule ?? true },
    });
    const why = own ? ROLE_SYNC_MARK_LABELS[own].label : ROLE_SYNC_MESSAGES.notOnRoster;
    for (const [mark, role] of usable) {
      const isHeld = member.roles.includes(role.id);
      if (isHeld === (own === mark)) continue;
      changes.push({
        memberId: member.id,
        memberName: member.name,
        discordUserId: member.discord_user_id,
        mark,
        roleId: role.id,
        roleName: role.name,
        action: isHeld ? 'remove' : 'add',
        why,
      });
    }
  }
  return { changes, skipped };
}
