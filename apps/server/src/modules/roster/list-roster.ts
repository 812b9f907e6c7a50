import { type AttendanceStanding, ROSTER_MESSAGES, type RosterEntry } from '@guildhall/contract';
import type { GuildMember } from '../../auth/guild-member';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { selectMemberOfUser } from '../raids/attendance-queries';
import { memberStandings, readAttendanceRule, windowStart } from '../raids/attendance-rule';
import { type RosterFilter, type RosterRow, selectRoster } from './roster-queries';

const presentEntry = (row: RosterRow, attendance: AttendanceStanding | null): RosterEntry => ({
  characterId: row.id,
  name: row.name,
  realm: row.realm,
  class: row.class,
  spec: row.spec,
  role: (row.role as RosterEntry['role']) ?? null,
  itemLevel: row.item_level === null ? null : Number(row.item_level),
  rank: row.guild_rank,
  teamRank: row.team_rank,
  lastSeen: row.last_activity_at?.toISOString() ?? null,
  member: row.member_id
    ? {
        id: row.member_id,
        name: row.member_name ?? '',
        isMain: row.is_primary ?? false,
        isTrial: row.is_trial,
        isInactive: row.is_inactive,
      }
    : null,
  attendance,
});

/**
 * A page of the guild's roster. Officers (raids.manage) see every member's attendance rate and may sort by it; a
 * member sees their own rate on their characters' lines, and no one else's.
 */
export async function listRoster(db: Queryable, member: GuildMember, filter: RosterFilter, canManage: boolean) {
  if (filter.sort === 'attendance' && !canManage) throw AppError.invalidField('sort', ROSTER_MESSAGES.attendanceSortOfficers);
  const rule = await readAttendanceRule(db, member.guildId);
  const { rows, total } = await selectRoster(db, member.guildId, filter, windowStart(rule));
  const ownMemberId = canManage ? null : await selectMemberOfUser(db, member.guildId, member.userId);
  const shown = [
    ...new Set(rows.flatMap((row) => (row.member_id && (canManage || row.member_id === ownMemberId) ? [row.member_id] : []))),
  ];
  const { standings } = shown.length > 0 ? await memberStandings(db, member.guildId, shown) : { standings: new Map() };
  return {
    entries: rows.map((row) => presentEntry(row, (row.member_id && standings.get(row.member_id)) || null)),
    total,
    page: filter.page,
    limit: filter.limit,
  };
}
