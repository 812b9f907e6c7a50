import { RAID_MESSAGES, type RaidSummary } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { publishRaidChange } from './open-raid';
import { auditRaid } from './raid-audit';
import type { RaidMember } from './raid-member';
import { countSignups, lockRaid, markRaidCancelled } from './raid-queries';
import type { RaidsDeps } from './raids-deps';
import { raidSummary } from './read-raid';

/**
 * Cancels a raid of the member's guild with a reason: the raid stays on the calendar, marked, and everyone who answered
 * sees the reason there; nobody can answer it any more. Against the version read, as an edit; audited (raid.cancelled)
 * with the reason and how many had answered.
 */
export async function cancelRaid(
  deps: RaidsDeps,
  member: RaidMember,
  raidId: string,
  input: { version: number; reason: string },
): Promise<RaidSummary> {
  const raid = await deps.db.transaction(async (tx) => {
    const row = await lockRaid(tx, member.guildId, raidId, 'update');
    if (!row) throw AppError.notFound(RAID_MESSAGES.notFound);
    if (row.cancelled_at) throw new AppError('CONFLICT', RAID_MESSAGES.alreadyCancelled);
    if (row.version !== input.version) throw new AppError('CONFLICT', RAID_MESSAGES.editConflict);
    await markRaidCancelled(tx, raidId, input.reason);
    await auditRaid(tx, member, 'raid.cancelled', raidId, {
      reason: input.reason,
      signups: await countSignups(tx, raidId),
      seriesId: row.series_id,
    });
    return raidSummary(tx, member, raidId);
  });
  publishRaidChange(deps, member, [raid.id], 'cancelled');
  return raid;
}
