import { DiscordAPIError } from '@discordjs/rest';
import { ROLE_SYNC_MESSAGES, type RoleSyncResult } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type Requester, recordAudit } from '../../core/audit';
import { JobFailure, type JobKind, type JobRequester, kindOnce } from '../../services/job-queue';
import { planRoleSync } from './plan-role-sync';
import { markMemberLeft, selectDiscordGuildId, selectRoleSync, writeMemberRole } from './queries';
import type { RoleSyncDeps } from './role-sync-deps';

/** Discord's JSON codes role changes meet: the bot's role is below the one given, the member left the server. */
const MISSING_PERMISSIONS = 50013;
const UNKNOWN_MEMBER = 10007;
/** Changes named one by one in the run's audit entry (the counts are always whole). */
const AUDITED_CHANGES = 100;

export interface RoleSyncInput {
  guildId: string;
}

/** One guild's role sync as a job kind: one at a time per guild (its target), claimed by one process. */
export type RoleSyncJob = JobKind<RoleSyncInput, null, RoleSyncResult>;

/** Why Discord refused a change, in words. */
function refusalOf(error: unknown): string {
  if (error instanceof DiscordAPIError) {
    if (error.code === MISSING_PERMISSIONS) return ROLE_SYNC_MESSAGES.botCannotManage;
    if (error.code === UNKNOWN_MEMBER) return ROLE_SYNC_MESSAGES.memberLeft;
    return ROLE_SYNC_MESSAGES.failed(error.status);
  }
  throw error;
}

/**
 * Brings a guild's Discord roles in step with its roster now: each change of the plan is sent through the bot's REST
 * client (its buckets and 429 waits keep within Discord's limits) with the reason in Discord's audit log, and written
 * on the member's stored roles once Discord took it. A change Discord refuses is reported, not retried; once Discord
 * says the bot may not manage a role, the rest of that role's changes are reported without asking again, and a member
 * Discord does not know is recorded as gone from the server. One audit entry per run that changed or failed something.
 */
export async function syncRoles(
  deps: RoleSyncDeps,
  input: RoleSyncInput,
  requester: JobRequester,
  signal: AbortSignal,
): Promise<RoleSyncResult> {
  const result: RoleSyncResult = { added: 0, removed: 0, failures: [], skipped: [] };
  const discordGuildId = await selectDiscordGuildId(deps.db, input.guildId);
  if (!discordGuildId || !(await selectRoleSync(deps.db, input.guildId))?.is_enabled) return result;
  let plan: Awaited<ReturnType<typeof planRoleSync>>;
  try {
    plan = await planRoleSync(deps, { guildId: input.guildId, discordGuildId });
  } catch (error) {
    if (error instanceof AppError) throw new JobFailure(error.message, false);
    throw error;
  }
  result.skipped = plan.skipped;
  const unmanageable = new Set<string>();
  for (const change of plan.changes) {
    signal.throwIfAborted();
    const isAdded = change.action === 'add';
    if (unmanageable.has(change.roleId)) {
      result.failures.push({ ...change, reason: ROLE_SYNC_MESSAGES.botCannotManage });
      continue;
    }
    try {
      await deps.rest.setMemberRole(
        discordGuildId,
        change.discordUserId,
        change.roleId,
        isAdded,
        `Guildhall role sync: ${change.why}`,
      );
    } catch (error) {
      const reason = refusalOf(error);
      if (reason === ROLE_SYNC_MESSAGES.botCannotManage) unmanageable.add(change.roleId);
      if (reason === ROLE_SYNC_MESSAGES.memberLeft) await markMemberLeft(deps.db, change.memberId);
      result.failures.push({ ...change, reason });
      continue;
    }
    await writeMemberRole(deps.db, change.memberId, change.roleId, isAdded);
    if (isAdded) result.added += 1;
    else result.removed += 1;
  }
  if (result.added + result.removed + result.failures.length > 0) {
    const { actor, ip } = requester as Requester;
    await recordAudit(deps.db, {
      actor,
      action: 'guild.roles_synced',
      target: { type: 'guild', id: input.guildId },
      details: {
        added: result.added,
        removed: result.removed,
        failed: result.failures.length,
        changes: plan.changes.slice(0, AUDITED_CHANGES).map((change) => ({
          member: change.memberName,
          role: change.roleName,
          action: change.action,
        })),
      },
      ip,
    });
  }
  return result;
}

/** The role sync job kind of this app, made once per database (the runner knows a kind by its one object). */
export const roleSyncJob = kindOnce(
  (deps: RoleSyncDeps) => deps.db,
  (deps): RoleSyncJob => ({
    name: 'discord_role_sync',
    maxAttempts: 2,
    interruptedError: 'Role sync stopped with its process; the roles it gave or took stay, and the next run goes on',
    failedError: 'Role sync failed',
    run: (running) => syncRoles(deps, running.record.input, running.record.requester, running.signal),
    announce: () => [],
  }),
);

/** Queues a role sync of the guild; null when one is already queued or running. */
export function queueRoleSync(deps: RoleSyncDeps, guildId: string, requester: JobRequester) {
  return deps.jobs.enqueue(roleSyncJob(deps), {
    input: { guildId },
    requester,
    tenantId: guildId,
    target: `role-sync:${guildId}`,
  });
}
