import {
  ROLE_SYNC_MARKS,
  type RoleSyncDiscordRole,
  type RoleSyncMark,
  type RoleSyncResult,
  type RoleSyncRun,
  type RoleSyncState,
} from '@guildhall/contract';
import type { GuildMember } from '../../auth/guild-member';
import { AppError } from '../../core/app-error';
import { type JobRecord, jobRecordOf } from '../../services/job-queue';
import { readDiscordRoles } from './plan-role-sync';
import { mappedRolesOf, selectLastRun, selectRoleSync } from './queries';
import type { RoleSyncDeps } from './role-sync-deps';
import { roleSyncJob } from './sync-roles';

/** A role sync job as the card shows it. */
export const presentRun = (job: JobRecord<unknown, unknown, RoleSyncResult>): RoleSyncRun => ({
  status: job.status,
  startedAt: job.startedAt?.toISOString() ?? null,
  finishedAt: job.finishedAt?.toISOString() ?? null,
  result: job.result,
  error: job.error,
});

/** The server's roles for the pickers, or why they could not be read (the settings are shown either way). */
async function discordRolesOf(
  deps: RoleSyncDeps,
  member: GuildMember,
): Promise<{ discordRoles: RoleSyncDiscordRole[] | null; rolesError: string | null }> {
  try {
    return { discordRoles: await readDiscordRoles(deps, member), rolesError: null };
  } catch (error) {
    if (error instanceof AppError) return { discordRoles: null, rolesError: error.message };
    throw error;
  }
}

/** The guild's newest role sync run (the last one, or the one queued or under way); null before the first. */
export async function readLastRun(deps: RoleSyncDeps, guildId: string): Promise<RoleSyncRun | null> {
  const row = await selectLastRun(deps.db, guildId, roleSyncJob(deps).name);
  return row ? presentRun(jobRecordOf(row)) : null;
}

/** The guild's role sync: its settings, the server's roles (with why any cannot be synced) and its last run. */
export async function readRoleSync(deps: RoleSyncDeps, member: GuildMember): Promise<RoleSyncState> {
  const [row, roles, lastRun] = await Promise.all([
    selectRoleSync(deps.db, member.guildId),
    discordRolesOf(deps, member),
    readLastRun(deps, member.guildId),
  ]);
  const mapped = mappedRolesOf(row);
  return {
    isEnabled: row?.is_enabled ?? false,
    roles: Object.fromEntries(ROLE_SYNC_MARKS.map((mark) => [mark, mapped.get(mark) ?? null])) as Record<
      RoleSyncMark,
      string | null
    >,
    updatedAt: row?.updated_at?.toISOString() ?? null,
    updatedBy: row?.updated_by ?? null,
    ...roles,
    lastRun,
  };
}
