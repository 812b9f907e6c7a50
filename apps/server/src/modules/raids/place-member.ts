import { COMPOSITION_MESSAGES, COMPOSITION_SLOT_LABELS, type PlaceMemberInput, type RaidComposition } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { changeComposition } from './change-composition';
import { selectAnswerOf, writePlacement } from './composition-queries';
import { refuse } from './plan-raid';
import { auditRaid } from './raid-audit';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';

/**
 * Places a member who answered the raid in a seat of a role or on the bench, or puts them back on the waitlist (slot
 * null). Only an answer can be placed, an Absent one never in a seat; a published board is locked. Against the board's
 * version; audited (raid.composition_changed) as "<member>: <column>", which the raid's history shows.
 */
export async function placeMember(
  deps: RaidsDeps,
  member: RaidMember,
  raidId: string,
  userId: string,
  input: PlaceMemberInput,
): Promise<RaidComposition> {
  return changeComposition(deps, member, raidId, input.version, async (tx, state) => {
    if (state.is_published) throw new AppError('CONFLICT', COMPOSITION_MESSAGES.locked);
    const answer = await selectAnswerOf(tx, raidId, userId);
    if (!answer) throw AppError.notFound(COMPOSITION_MESSAGES.notAnswered);
    if (answer.status === 'absent' && input.slot !== null && input.slot !== 'bench') {
      refuse({ slot: COMPOSITION_MESSAGES.absentNoSeat });
    }
    await writePlacement(tx, raidId, userId, input.slot);
    await auditRaid(tx, member, 'raid.composition_changed', raidId, {
      changes: [`${answer.member_name}: ${COMPOSITION_SLOT_LABELS[input.slot ?? 'waitlist']}`],
      userId,
      slot: input.slot,
    });
    return {};
  });
}
