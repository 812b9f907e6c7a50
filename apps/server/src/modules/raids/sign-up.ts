import { RAID_MESSAGES, type RaidRole, type RaidSummary, type SignupInput, type SignupStatus } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { openRaid, publishAnswer } from './open-raid';
import { refuse } from './plan-raid';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';
import { raidSummary } from './read-raid';
import { findOwnCharacter, type SignupValues, upsertSignup } from './signup-queries';

/** The role a character plays by default: tanks and healers are what they are; damage dealers say melee or ranged. */
export const ROLE_OF_CHARACTER: Readonly<Record<string, RaidRole>> = { tank: 'tank', healer: 'healer' };

/** The answer to store: Late carries its minutes, every answer but Absent a role; a character must be the member's. */
async function answerOf(tx: Queryable, member: RaidMember, input: SignupInput): Promise<SignupValues> {
  const status: SignupStatus = input.status;
  const character = input.characterId ? await findOwnCharacter(tx, member.guildId, member.userId, input.characterId) : null;
  if (input.characterId && !character) {
    throw new AppError('FORBIDDEN', RAID_MESSAGES.notYourCharacter, { fields: { characterId: RAID_MESSAGES.notYourCharacter } });
  }
  const role = input.role ?? (character?.role ? ROLE_OF_CHARACTER[character.role] : undefined) ?? null;
  const problems: Record<string, string> = {};
  if (status === 'late' && !input.lateMinutes) problems.lateMinutes = RAID_MESSAGES.lateMinutes;
  if (status !== 'absent' && !role) problems.role = RAID_MESSAGES.roleRequired;
  if (Object.keys(problems).length > 0) refuse(problems);
  return {
    status,
    lateMinutes: status === 'late' ? input.lateMinutes! : null,
    characterId: character?.id ?? null,
    role,
    spec: input.spec ?? (character?.spec || null),
    comment: input.comment ?? '',
  };
}

/**
 * Answers a raid for the member, or changes their answer: one row per member and raid, so answering twice changes the
 * first answer and never adds a second. Refused for another guild's raid, a cancelled one, after the deadline, and for
 * a character that is not the member's. Members answer for themselves: not audited; the answer carries its times.
 * Published (raid.answered) once committed, for the guild's open calendars.
 */
export async function signUp(
  deps: RaidsDeps,
  member: RaidMember,
  raidId: string,
  input: SignupInput,
): Promise<{ raid: RaidSummary; isNew: boolean }> {
  const result = await deps.db.transaction(async (tx) => {
    await openRaid(tx, member, raidId);
    const answer = await answerOf(tx, member, input);
    const isNew = await upsertSignup(tx, raidId, member.userId, answer);
    return { raid: await raidSummary(tx, member, raidId), isNew };
  });
  publishAnswer(deps, member, raidId, input.status);
  return result;
}
