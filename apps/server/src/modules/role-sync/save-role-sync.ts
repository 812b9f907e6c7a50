import {
  ROLE_SYNC_MARKS,
  ROLE_SYNC_MESSAGES,
  ROLE_SYNC_REFUSALS,
  type RoleSyncInput,
  type RoleSyncMark,
} from '@guildhall/contract';
import type { GuildMember } from '../../auth/guild-member';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import { readDiscordRoles } from './plan-role-sync';
import { mappedRolesOf, upsertRoleSync } from './queries';
import type { RoleSyncDeps } from './role-sync-deps';

/** The chosen roles, checked: one role per mark, each in the server and safe to give; field errors name the mark. */
async function checkedRoles(deps: RoleSyncDeps, officer: GuildMember, input: RoleSyncInput): Promise<Map<RoleSyncMark, string>> {
  const chosen = new Map<RoleSyncMark, string>();
  for (const mark of ROLE_SYNC_MARKS) {
    const roleId = input.roles[mark];
    if (!roleId) continue;
    if ([...chosen.values()].includes(roleId)) throw AppError.invalidField(`roles.${mark}`, ROLE_SYNC_MESSAGES.sameRole);
    chosen.set(mark, roleId);
  }
  if (input.isEnabled && chosen.size === 0) throw AppError.invalidField('isEnabled', ROLE_SYNC_MESSAGES.nothingMapped);
  if (chosen.size === 0) return chosen;
  const roles = new Map((await readDiscordRoles(deps, officer)).map((role) => [role.id, role]));
  const fields: Record<string, string> = {};
  for (const [mark, roleId] of chosen) {
    const role = roles.get(roleId);
    if (!role) fields[`roles.${mark}`] = ROLE_SYNC_MESSAGES.roleRefused(roleId, ROLE_SYNC_REFUSALS.missing);
    else if (role.refusal) fields[`roles.${mark}`] = ROLE_SYNC_MESSAGES.roleRefused(role.name, role.refusal);
  }
  const [first] = Object.values(fields);
  if (first) throw new AppError('VALIDATION_FAILED', first, { fields });
  return chosen;
}

/** Saves whether role sync runs and the role of each mark; audited with the settings before and after. */
export async function saveRoleSync(deps: RoleSyncDeps, officer: GuildMember, input: RoleSyncInput): Promise<void> {
  const roles = await checkedRoles(deps, officer, input);
  await deps.db.transaction(async (tx) => {
    const before = await upsertRoleSync(tx, officer.guildId, { isEnabled: input.isEnabled, roles }, officer.userId);
    await recordAudit(tx, {
      actor: officer.requester.actor,
      action: 'guild.role_sync_saved',
      target: { type: 'guild', id: officer.guildId },
      details: {
        before: { isEnabled: before?.is_enabled ?? false, roles: Object.fromEntries(mappedRolesOf(before)) },
        after: { isEnabled: input.isEnabled, roles: Object.fromEntries(roles) },
      },
      ip: officer.requester.ip,
    });
  });
}
