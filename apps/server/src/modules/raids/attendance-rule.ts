import {
  type AttendanceCounts,
  type AttendanceRule,
  type AttendanceStanding,
  attendanceRate,
  findSetting,
  meetsAttendanceRule,
  NO_ATTENDANCE,
} from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { selectStoredSettings } from '../guild-config/queries';
import { selectAttendanceCounts, selectMemberOfUser } from './attendance-queries';

const numberSetting = (stored: Map<string, { value: unknown }>, key: string) => {
  const value = stored.get(key)?.value;
  return typeof value === 'number' ? value : Number(findSetting('raids', key)?.default);
};

/** The guild's attendance rule: the Raids settings attendanceRule (percent) and attendanceWeeks, over their defaults. */
export async function readAttendanceRule(db: Queryable, guildId: string): Promise<AttendanceRule> {
  const raids = await selectStoredSettings(db, guildId, 'raids');
  return { percent: numberSetting(raids, 'attendanceRule'), weeks: numberSetting(raids, 'attendanceWeeks') };
}

/** Where the rule's window starts: its number of weeks before now. */
export const windowStart = (rule: AttendanceRule, now = Date.now()) => new Date(now - rule.weeks * 7 * 864e5);

/** Counts as a rate against the rule. */
export const standingOf = (counts: AttendanceCounts | undefined, rule: AttendanceRule): AttendanceStanding => {
  const rate = attendanceRate(counts ?? NO_ATTENDANCE);
  return { counts: counts ?? NO_ATTENDANCE, rate, meetsRule: meetsAttendanceRule(rate, rule) };
};

/** Members' standings against the guild's rule (null: every member of the guild). */
export async function memberStandings(
  db: Queryable,
  guildId: string,
  memberIds: readonly string[] | null,
): Promise<{ rule: AttendanceRule; standings: Map<string, AttendanceStanding> }> {
  const rule = await readAttendanceRule(db, guildId);
  const counts = await selectAttendanceCounts(db, guildId, windowStart(rule), memberIds);
  const ids = memberIds ?? [...counts.keys()];
  return { rule, standings: new Map(ids.map((id) => [id, standingOf(counts.get(id), rule)])) };
}

/** A community user's own standing in the guild; isMember false when they have no linked character there. */
export async function ownStanding(db: Queryable, guildId: string, userId: string) {
  const memberId = await selectMemberOfUser(db, guildId, userId);
  if (!memberId) {
    const rule = await readAttendanceRule(db, guildId);
    return { rule, standing: standingOf(undefined, rule), isMember: false };
  }
  const { rule, standings } = await memberStandings(db, guildId, [memberId]);
  return { rule, standing: standings.get(memberId)!, isMember: true };
}
