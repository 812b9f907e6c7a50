import type { AttendanceStatus, CompositionSlot, SignupStatus } from '@guildhall/contract';

/** A guild member attendance may record: their community account (when they have one) and their linked characters. */
export interface AttendanceMember {
  memberId: string;
  userId: string | null;
  /** Marked inactive on the roster: not expected, so not recorded absent when they did not answer. */
  isInactive: boolean;
  /** Their main first. */
  characterIds: readonly string[];
}

/** A member's answer to the raid, and where the composition placed them (null: on the waitlist, or no board). */
export interface AttendanceAnswer {
  userId: string;
  status: SignupStatus;
  characterId: string | null;
  slot: CompositionSlot | null;
}

/** What the raid knows already: a report's (or an import's) presence, and the officers' corrections. */
export interface KeptRecord {
  characterId: string;
  source: 'report' | 'import' | 'officer';
}

/** One record the sign-ups and composition give. */
export interface DerivedRecord {
  characterId: string;
  status: AttendanceStatus;
}

/**
 * A member's status from their answer and the board, as a raid leader reads them: a seat is present (late when they
 * said Late), the bench is benched, and so is an Accept left on the waitlist of a board in use (they were there and
 * ready); without a board, Accept is present, Late late, Bench benched. Absent is absent with notice, and so is
 * Tentative left off the seats (they said they might not come). No answer at all is absent without notice.
 */
export function statusOfAnswer(answer: AttendanceAnswer | undefined, isBoardUsed: boolean): AttendanceStatus {
  if (!answer) return 'absent';
  if (answer.status === 'absent') return 'absent_notice';
  if (answer.slot === 'bench') return 'benched';
  if (answer.slot) return answer.status === 'late' ? 'late' : 'present';
  switch (answer.status) {
    case 'accept':
      return isBoardUsed ? 'benched' : 'present';
    case 'late':
      return isBoardUsed ? 'benched' : 'late';
    case 'bench':
      return 'benched';
    default:
      return 'absent_notice';
  }
}

/**
 * The records the sign-ups and the composition give, one per member with a linked character, on the character they
 * answered with (else their main). A member with a character the report or an officer recorded gets none: the
 * report's presence wins over the sign-ups, and the officer's correction over both. Where a report recorded the raid,
 * a member it did not see was not there: an answer that said they would come becomes absent without notice.
 */
export function deriveAttendance(
  members: readonly AttendanceMember[],
  answers: readonly AttendanceAnswer[],
  kept: readonly KeptRecord[],
): DerivedRecord[] {
  const answerOf = new Map(answers.map((answer) => [answer.userId, answer]));
  const keptCharacters = new Set(kept.map((record) => record.characterId));
  const hasReport = kept.some((record) => record.source !== 'officer');
  const isBoardUsed = answers.some((answer) => answer.slot !== null);
  const records: DerivedRecord[] = [];
  for (const member of members) {
    if (member.characterIds.length === 0 || member.characterIds.some((id) => keptCharacters.has(id))) continue;
    const answer = member.userId ? answerOf.get(member.userId) : undefined;
    if (!answer && member.isInactive) continue;
    let status = statusOfAnswer(answer, isBoardUsed);
    if (hasReport && (status === 'present' || status === 'late')) status = 'absent';
    const answered = answer?.characterId;
    const characterId = answered && member.characterIds.includes(answered) ? answered : member.characterIds[0]!;
    records.push({ characterId, status });
  }
  return records;
}
