import type { RaidSummary } from '@guildhall/contract';
import { RAID_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { openRaid, publishAnswer } from './open-raid';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';
import { raidSummary } from './read-raid';
import { deleteSignup } from './signup-queries';

/** Withdraws the member's answer, on the same terms as answering (open, not cancelled, before the deadline). */
export async function withdrawSignup(deps: RaidsDeps, member: RaidMember, raidId: string): Promise<RaidSummary> {
  const raid = await deps.db.transaction(async (tx) => {
    await openRaid(tx, member, raidId);
    if (!(await deleteSignup(tx, raidId, member.userId))) throw AppError.notFound(RAID_MESSAGES.notSignedUp);
    return raidSummary(tx, member, raidId);
  });
  publishAnswer(deps, member, raidId, null);
  return raid;
}
