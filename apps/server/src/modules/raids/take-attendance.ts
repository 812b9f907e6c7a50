import { ATTENDANCE_MESSAGES, RAID_MESSAGES, type RaidAttendance } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db, Queryable } from '../../services/db/db';
import {
  type AttendanceRaidRow,
  lockAttendanceRaid,
  replaceDerivedRecords,
  selectAnswersWithPlaces,
  selectAttendanceMembers,
  selectKeptRecords,
  selectRaidsDueForAttendance,
} from './attendance-queries';
import { deriveAttendance } from './derive-attendance';
import { auditRaid } from './raid-audit';
import type { RaidMember } from './raid-member';
import { readAttendance } from './read-attendance';

/** Turns a locked raid's sign-ups and composition into attendance, keeping a report's and the officers' records. */
async function deriveFor(tx: Queryable, guildId: string, raid: AttendanceRaidRow): Promise<number> {
  const members = await selectAttendanceMembers(tx, guildId, raid.starts_at);
  const answers = await selectAnswersWithPlaces(tx, raid.id);
  const kept = await selectKeptRecords(tx, raid.id);
  const records = deriveAttendance(members, answers, kept);
  await replaceDerivedRecords(tx, raid.id, records);
  return records.length + kept.length;
}

/**
 * An officer takes a raid's attendance now (it is also taken by itself once the raid ends): once the raid has started,
 * not for a cancelled raid. Taking it again makes the sign-ups' records afresh and keeps the rest; audited
 * (raid.attendance_recorded), so the raid's history shows who took it.
 */
export async function takeAttendance(
  db: Db,
  member: RaidMember,
  raidId: string,
): Promise<{ count: number; attendance: RaidAttendance }> {
  return db.transaction(async (tx) => {
    const raid = await lockAttendanceRaid(tx, member.guildId, raidId);
    if (!raid) throw AppError.notFound(RAID_MESSAGES.notFound);
    if (raid.cancelled_at) throw new AppError('CONFLICT', ATTENDANCE_MESSAGES.cancelled);
    if (!raid.has_started) throw new AppError('CONFLICT', ATTENDANCE_MESSAGES.notStarted);
    const count = await deriveFor(tx, member.guildId, raid);
    await auditRaid(tx, member, 'raid.attendance_recorded', raidId, { records: count });
    return { count, attendance: await readAttendance(tx, raidId) };
  });
}

/**
 * The scan: takes the attendance of every raid planned in Guildhall that ended in the last two weeks and has not been
 * taken (or got a report since), each in its own transaction. A raid another process is taking is skipped, and one
 * already taken is left as it is, so running it anywhere, any number of times, gives the same records. The raids taken.
 */
export async function takeDueAttendance(db: Db, limit = 50): Promise<number> {
  const due = await selectRaidsDueForAttendance(db, limit);
  let taken = 0;
  for (const { id, guild_id } of due) {
    const isTaken = await db.transaction(async (tx) => {
      const raid = await lockAttendanceRaid(tx, guild_id, id, true);
      if (!raid || raid.cancelled_at || raid.attendance_taken_at) return false;
      await deriveFor(tx, guild_id, raid);
      return true;
    });
    if (isTaken) taken += 1;
  }
  return taken;
}
