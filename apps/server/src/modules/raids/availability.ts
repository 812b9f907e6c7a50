import {
  addDays,
  isKnownTimeZone,
  RAID_AVAILABILITY_LIMITS,
  RAID_AVAILABILITY_MESSAGES,
  type RaidAbsence,
  type RaidAbsenceInput,
  type RaidAvailability,
  type RaidRole,
  zonedParts,
  zonedTimeToUtc,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import {
  type AbsenceRow,
  type AvailabilityRow,
  deleteAbsence,
  deleteAvailabilityAbsences,
  insertAbsence,
  insertAvailabilityAnswers,
  markAbsent,
  overlapsAbsence,
  selectAbsences,
  selectAvailability,
  selectOpenRaidIds,
} from './availability-queries';
import { publishAnswer } from './open-raid';
import { refuse } from './plan-raid';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';

// A member's standing availability: the weekdays they raid and their absences answer raids for them, marked so the
// calendar and the board say so; their own answer always wins (sign-up clears the mark). Saving the raid days is
// save-availability.ts.

/** The member's raid days and absences, as the availability calls answer. */
export interface AvailabilityState {
  availability: RaidAvailability | null;
  absences: RaidAbsence[];
}

const presentAvailability = (row: AvailabilityRow): RaidAvailability => ({
  weekdays: row.weekdays,
  characterId: row.character_id,
  role: row.role as RaidRole,
  spec: row.spec,
  timeZone: row.time_zone,
});
const presentAbsence = (row: AbsenceRow): RaidAbsence => ({
  id: row.id,
  firstDate: row.first_date,
  lastDate: row.last_date,
  note: row.note,
  timeZone: row.time_zone,
});

/** The member's raid days and the absences not over yet. */
export async function readAvailability(db: Queryable, member: RaidMember): Promise<AvailabilityState> {
  const days = await selectAvailability(db, member.guildId, member.userId);
  const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
  const absences = await selectAbsences(db, member.guildId, member.userId, yesterday);
  return { availability: days ? presentAvailability(days) : null, absences: absences.map(presentAbsence) };
}

/** Refuses a zone Intl does not know, on the timeZone field. */
export function checkTimeZone(timeZone: string): void {
  if (!isKnownTimeZone(timeZone)) refuse({ timeZone: RAID_AVAILABILITY_MESSAGES.unknownTimeZone });
}

/** The instants an absence's days span in its zone: from the first day's midnight to the one after the last. */
const absenceRange = (absence: { firstDate: string; lastDate: string; timeZone: string }) => ({
  from: zonedTimeToUtc(absence.firstDate, '00:00', absence.timeZone),
  to: zonedTimeToUtc(addDays(absence.lastDate, 1), '00:00', absence.timeZone),
});

/**
 * Adds an absence: refused when it ends before it starts, starts before today (in the member's zone), is longer than
 * the limit or overlaps another. The open raids in it that the member has not answered (or their availability has)
 * are answered Absent with the note, in the same transaction; published once committed.
 */
export async function addAbsence(
  deps: RaidsDeps,
  member: RaidMember,
  input: RaidAbsenceInput,
): Promise<AvailabilityState & { answered: number }> {
  checkTimeZone(input.timeZone);
  const absence = { ...input, note: input.note ?? '' };
  const today = zonedParts(new Date(), input.timeZone).date;
  if (absence.lastDate < absence.firstDate) refuse({ lastDate: RAID_AVAILABILITY_MESSAGES.lastBeforeFirst });
  if (absence.firstDate < today) refuse({ firstDate: RAID_AVAILABILITY_MESSAGES.startsInThePast });
  if (addDays(absence.firstDate, RAID_AVAILABILITY_LIMITS.maxAbsenceDays) <= absence.lastDate) {
    refuse({ lastDate: RAID_AVAILABILITY_MESSAGES.tooLong });
  }
  const result = await deps.db.transaction(async (tx) => {
    if (await overlapsAbsence(tx, member.guildId, member.userId, absence.firstDate, absence.lastDate)) {
      throw new AppError('CONFLICT', RAID_AVAILABILITY_MESSAGES.overlaps);
    }
    const current = await selectAbsences(tx, member.guildId, member.userId, today);
    if (current.length >= RAID_AVAILABILITY_LIMITS.absencesPerMember) {
      throw new AppError('CONFLICT', RAID_AVAILABILITY_MESSAGES.tooMany);
    }
    await insertAbsence(tx, member.guildId, member.userId, absence);
    const raidIds = await selectOpenRaidIds(tx, member.guildId, absenceRange(absence));
    const answered = await markAbsent(tx, raidIds, member.userId, absence.note);
    return { ...(await readAvailability(tx, member)), answered };
  });
  for (const raidId of result.answered) publishAnswer(deps, member, raidId, 'absent');
  return { ...result, answered: result.answered.length };
}

/**
 * Removes one of the member's absences (another's is not found). The Absent answers it gave open raids are withdrawn,
 * and those raids are answered again from the member's raid days where they fall on one.
 */
export async function removeAbsence(deps: RaidsDeps, member: RaidMember, absenceId: string): Promise<AvailabilityState> {
  const result = await deps.db.transaction(async (tx) => {
    const removed = await deleteAbsence(tx, member.guildId, member.userId, absenceId);
    if (!removed) throw AppError.notFound(RAID_AVAILABILITY_MESSAGES.absenceNotFound);
    const range = absenceRange({ firstDate: removed.first_date, lastDate: removed.last_date, timeZone: removed.time_zone });
    const raidIds = await deleteAvailabilityAbsences(tx, await selectOpenRaidIds(tx, member.guildId, range), member.userId);
    const answers = await insertAvailabilityAnswers(tx, member.guildId, raidIds, member.userId);
    const status = new Map(answers.map((answer) => [answer.raid_event_id, answer.status]));
    return { state: await readAvailability(tx, member), changed: raidIds.map((id) => [id, status.get(id) ?? null] as const) };
  });
  for (const [raidId, status] of result.changed) publishAnswer(deps, member, raidId, status as 'accept' | null);
  return result.state;
}

/** Answers raids just planned in the guild from its members' standing availability (inside the planning transaction). */
export async function answerNewRaids(tx: Queryable, guildId: string, raidIds: readonly string[]): Promise<void> {
  await insertAvailabilityAnswers(tx, guildId, raidIds);
}
