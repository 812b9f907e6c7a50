import { RAID_AVAILABILITY_MESSAGES, RAID_MESSAGES, type RaidAvailabilityInput } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type AvailabilityState, checkTimeZone, readAvailability } from './availability';
import { answerFromRaidDays, deleteAvailability, upsertAvailability, withdrawRaidDayAnswers } from './availability-queries';
import { publishAnswer } from './open-raid';
import { refuse } from './plan-raid';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';
import { ROLE_OF_CHARACTER } from './sign-up';
import { findOwnCharacter } from './signup-queries';

/** The raid days saved, with how many open raids they answered now and how many of their earlier answers went. */
export type SavedAvailability = AvailabilityState & { message: string; answered: number; withdrawn: number };

/**
 * Sets the weekdays the member raids, with the character (theirs) and role they come as, or clears them (no weekday).
 * They answer raids planned from now on, and, as an absence does, the open raids already planned on those days that the
 * member has not answered (never inside an absence of theirs). The Accept answers earlier raid days gave open raids on
 * days left out (all of them, when cleared) are withdrawn; the member's own answers and closed raids stay as they are,
 * and so do the answers on days kept (a placement on the board hangs on them). One transaction; each answer given or
 * withdrawn is published (raid.answered) once committed, as a sign-up's is.
 */
export async function saveAvailability(
  deps: RaidsDeps,
  member: RaidMember,
  input: RaidAvailabilityInput,
): Promise<SavedAvailability> {
  checkTimeZone(input.timeZone);
  const weekdays = [...new Set(input.weekdays)].sort((a, b) => a - b);
  const saved = await deps.db.transaction(async (tx) => {
    if (weekdays.length === 0) {
      await deleteAvailability(tx, member.guildId, member.userId);
      const withdrawn = await withdrawRaidDayAnswers(tx, member.guildId, member.userId, { weekdays, timeZone: input.timeZone });
      return { state: await readAvailability(tx, member), answered: [], withdrawn };
    }
    const character = input.characterId ? await findOwnCharacter(tx, member.guildId, member.userId, input.characterId) : null;
    if (input.characterId && !character) {
      throw new AppError('FORBIDDEN', RAID_MESSAGES.notYourCharacter, {
        fields: { characterId: RAID_MESSAGES.notYourCharacter },
      });
    }
    const role = input.role ?? (character?.role ? ROLE_OF_CHARACTER[character.role] : undefined);
    if (!role) refuse({ role: RAID_MESSAGES.roleRequired });
    await upsertAvailability(tx, member.guildId, member.userId, {
      weekdays,
      characterId: character?.id ?? null,
      role,
      spec: input.spec ?? (character?.spec || null),
      timeZone: input.timeZone,
    });
    const withdrawn = await withdrawRaidDayAnswers(tx, member.guildId, member.userId, { weekdays, timeZone: input.timeZone });
    const answered = await answerFromRaidDays(tx, member.guildId, member.userId);
    return { state: await readAvailability(tx, member), answered, withdrawn };
  });
  for (const raidId of saved.withdrawn) publishAnswer(deps, member, raidId, null);
  for (const raidId of saved.answered) publishAnswer(deps, member, raidId, 'accept');
  const message =
    weekdays.length === 0
      ? RAID_AVAILABILITY_MESSAGES.daysCleared(saved.withdrawn.length)
      : RAID_AVAILABILITY_MESSAGES.daysSaved(saved.answered.length, saved.withdrawn.length);
  return { ...saved.state, message, answered: saved.answered.length, withdrawn: saved.withdrawn.length };
}
