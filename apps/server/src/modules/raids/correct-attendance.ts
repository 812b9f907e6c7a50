import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_STATUS_LABELS,
  type AttendanceStatus,
  type CorrectAttendanceInput,
  RAID_MESSAGES,
  type RaidAttendance,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import { findGuildCharacter, lockAttendanceRaid, writeCorrection } from './attendance-queries';
import { auditRaid } from './raid-audit';
import type { RaidMember } from './raid-member';
import { readAttendance } from './read-attendance';

const labelOf = (status: string | null) =>
  status ? (ATTENDANCE_STATUS_LABELS[status as AttendanceStatus] ?? status) : 'not recorded';

/**
 * An officer corrects one character's attendance at a raid of their guild (started, not cancelled). The correction
 * wins over the sign-ups and any report until another officer corrects it again, and goes into the raid's history
 * that members read: "Thrallina: Present → Late" with the officer's note.
 */
export async function correctAttendance(
  db: Db,
  member: RaidMember,
  raidId: string,
  characterId: string,
  input: Required<CorrectAttendanceInput>,
): Promise<RaidAttendance> {
  return db.transaction(async (tx) => {
    const raid = await lockAttendanceRaid(tx, member.guildId, raidId);
    if (!raid) throw AppError.notFound(RAID_MESSAGES.notFound);
    if (raid.cancelled_at) throw new AppError('CONFLICT', ATTENDANCE_MESSAGES.cancelled);
    if (!raid.has_started) throw new AppError('CONFLICT', ATTENDANCE_MESSAGES.notStarted);
    const character = await findGuildCharacter(tx, member.guildId, characterId);
    if (!character) throw AppError.notFound(ATTENDANCE_MESSAGES.characterNotFound);
    const { actor } = member.requester;
    const previous = await writeCorrection(tx, raidId, characterId, input.status, {
      userId: member.userId,
      name: 'name' in actor && actor.name ? actor.name : '',
    });
    if (previous === input.status) throw AppError.invalidField('status', ATTENDANCE_MESSAGES.sameStatus);
    await auditRaid(tx, member, 'raid.attendance_corrected', raidId, {
      changes: [`${character.name}: ${labelOf(previous)} → ${labelOf(input.status)}`],
      ...(input.note ? { reason: input.note } : {}),
      characterId,
    });
    return readAttendance(tx, raidId);
  });
}
