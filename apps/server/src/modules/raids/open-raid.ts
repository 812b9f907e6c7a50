import { RAID_MESSAGES, type SignupStatus } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import type { RaidMember } from './raid-member';
import { lockRaid, type RaidPlanRow } from './raid-queries';
import type { RaidsDeps } from './raids-deps';

/**
 * The raid a member may still answer, locked against a cancellation or an edit until the answer is stored (answers
 * share the lock, so many go at once): not another guild's (404), not cancelled, not past its deadline (409).
 */
export async function openRaid(tx: Queryable, member: RaidMember, raidId: string): Promise<RaidPlanRow> {
  const raid = await lockRaid(tx, member.guildId, raidId, 'share');
  if (!raid) throw AppError.notFound(RAID_MESSAGES.notFound);
  if (raid.cancelled_at) throw new AppError('CONFLICT', RAID_MESSAGES.raidCancelled(raid.cancel_reason ?? ''));
  if (raid.is_closed) throw new AppError('CONFLICT', RAID_MESSAGES.deadlinePassed);
  return raid;
}

/** Tells the bot's raid posts that officers planned, edited or cancelled raids, once committed (issue 33). */
export function publishRaidChange(
  deps: RaidsDeps,
  member: RaidMember,
  raidIds: string[],
  kind: 'planned' | 'edited' | 'cancelled',
) {
  if (raidIds.length === 0) return;
  deps.bus.publish({
    type: 'raid.changed',
    change: { guildId: member.guildId, discordGuildId: member.discordGuildId, raidIds, kind },
  });
}

/** Tells the guild's open calendars that a member's answer changed (status null: withdrawn), once committed. */
export function publishAnswer(deps: RaidsDeps, member: RaidMember, raidId: string, status: SignupStatus | null) {
  deps.bus.publish({
    type: 'raid.answered',
    answer: { guildId: member.guildId, discordGuildId: member.discordGuildId, raidId, userId: member.userId, status },
  });
}
