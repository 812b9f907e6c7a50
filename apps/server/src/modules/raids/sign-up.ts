import { RAID_MESSAGES, type RaidRole, type RaidSummary, type SignupInput, type SignupStatus } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { publishAnswer } from './open-raid';
import { refuse } from './plan-raid';
import { presentRaid } from './presenters';
import type { RaidMember } from './raid-member';
import { type AnswerValues, storeAnswer } from './raid-queries';
import type { RaidsDeps } from './raids-deps';
import { findOwnCharacter } from './signup-queries';

/** The role a character plays by default: tanks and healers are what they are; damage dealers say melee or ranged. */
export const ROLE_OF_CHARACTER: Readonly<Record<string, RaidRole>> = { tank: 'tank', healer: 'healer' };

/** The answer to store: Late carries its minutes, every answer but Absent a role; a character must be the member's. */
async function answerOf(db: Queryable, member: RaidMember, input: SignupInput): Promise<AnswerValues> {
  const status: SignupStatus = input.status;
  const character = input.characterId ? await findOwnCharacter(db, member.guildId, member.userId, input.characterId) : null;
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
 * Published (raid.answered) once committed, for the guild's open calendars. The answer is one statement (storeAnswer:
 * the raid's share lock, the upsert and the raid read back), so a rush holds each connection for one round trip.
 */
export async function signUp(
  deps: RaidsDeps,
  member: RaidMember,
  raidId: string,
  input: SignupInput,
): Promise<{ raid: RaidSummary; isNew: boolean }> {
  const answer = await answerOf(deps.db, member, input);
  const stored = await storeAnswer(deps.db, member.guildId, member.userId, raidId, answer);
  if (!stored) throw AppError.notFound(RAID_MESSAGES.notFound);
  if (stored.is_new === null) {
    if (stored.cancelled_at) throw new AppError('CONFLICT', RAID_MESSAGES.raidCancelled(stored.cancel_reason ?? ''));
    throw new AppError('CONFLICT', RAID_MESSAGES.deadlinePassed);
  }
  publishAnswer(deps, member, raidId, input.status);
  return { raid: presentRaid(stored), isNew: stored.is_new };
}
