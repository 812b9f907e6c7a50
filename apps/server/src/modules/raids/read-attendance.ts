import {
  ATTENDANCE_SOURCES,
  ATTENDANCE_STATUSES,
  type AttendanceSource,
  type AttendanceStatus,
  RAID_MESSAGES,
  type RaidAttendance,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { type AttendanceRow, hasReportRecords, selectAttendanceTakenAt, selectRaidAttendance } from './attendance-queries';

const presentEntry = (row: AttendanceRow): RaidAttendance['entries'][number] => ({
  character: { id: row.character_id, name: row.character_name, class: row.character_class },
  member: row.member_id ? { id: row.member_id, name: row.member_name ?? '' } : null,
  status: ATTENDANCE_STATUSES.includes(row.status as AttendanceStatus) ? (row.status as AttendanceStatus) : 'absent',
  source: ATTENDANCE_SOURCES.includes(row.source as AttendanceSource) ? (row.source as AttendanceSource) : 'import',
  correctedBy: row.corrected_by_name,
  correctedAt: row.corrected_at?.toISOString() ?? null,
});

/** A raid's attendance, once its guild is checked. */
export async function readAttendance(db: Queryable, raidId: string): Promise<RaidAttendance> {
  const takenAt = await selectAttendanceTakenAt(db, raidId);
  const entries = await selectRaidAttendance(db, raidId);
  return {
    raidId,
    takenAt: takenAt?.toISOString() ?? null,
    hasReport: await hasReportRecords(db, raidId),
    entries: entries.map(presentEntry),
  };
}

/** A raid of the member's guild's attendance; another guild's raid is not found. */
export async function readRaidAttendance(db: Queryable, guildId: string, raidId: string): Promise<RaidAttendance> {
  if ((await selectAttendanceTakenAt(db, raidId, guildId)) === undefined) throw AppError.notFound(RAID_MESSAGES.notFound);
  return readAttendance(db, raidId);
}
