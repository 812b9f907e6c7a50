import { ROLE_SYNC_MESSAGES, type RoleSyncRun } from '@guildhall/contract';
import type { GuildMember } from '../../auth/guild-member';
import { AppError } from '../../core/app-error';
import { selectRoleSync } from './queries';
import { presentRun, readLastRun } from './read-role-sync';
import type { RoleSyncDeps } from './role-sync-deps';
import { queueRoleSync } from './sync-roles';

/**
 * "Sync now": queues a role sync of the officer's guild, or, when one is already queued or running, answers with that
 * run (read from the jobs alone: Discord is not asked for anything). 409 while role sync is off.
 */
export async function startRoleSync(deps: RoleSyncDeps, officer: GuildMember): Promise<{ isQueued: boolean; run: RoleSyncRun }> {
  if (!(await selectRoleSync(deps.db, officer.guildId))?.is_enabled)
    throw new AppError('CONFLICT', ROLE_SYNC_MESSAGES.notEnabled);
  const queued = await queueRoleSync(deps, officer.guildId, officer.requester);
  if (queued) return { isQueued: true, run: presentRun(queued) };
  const run = await readLastRun(deps, officer.guildId);
  if (!run) throw new AppError('CONFLICT', ROLE_SYNC_MESSAGES.alreadyRunning);
  return { isQueued: false, run };
}
