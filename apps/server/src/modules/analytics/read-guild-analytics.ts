import { ANALYTICS_MESSAGES, type AnalyticsGuild, type LOOT_SYSTEMS } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findGuild, runGuildStatements } from './queries';
import { ratio } from './ratio';
import { resolveRange } from './resolve-range';

/** One guild's page: 404 when there is no such guild. */
export async function readGuildAnalytics(
  db: Queryable,
  guildId: string,
  query: { from?: string; to?: string; raids: number },
): Promise<AnalyticsGuild> {
  const range = resolveRange(query.from, query.to);
  const guild = await findGuild(db, guildId);
  if (!guild) throw AppError.notFound(ANALYTICS_MESSAGES.guildNotFound);
  const { roster, members, weeks } = await runGuildStatements(db, { guildId, ...range, raids: query.raids });
  const raidsCounted = members[0]?.raids_counted ?? 0;
  const totalItems = members[0]?.total_items ?? 0;
  return {
    success: true,
    range: { from: range.from.toISOString(), to: range.to.toISOString() },
    guild: {
      id: guild.id,
      name: guild.guild_name,
      server: guild.server,
      region: guild.region,
      lootSystem: guild.loot_system as (typeof LOOT_SYSTEMS)[number],
    },
    roster,
    raidsCounted,
    totalItems,
    members: members.map((row) => ({
      characterId: row.id,
      name: row.name,
      class: row.class,
      role: row.role,
      attended: row.attended,
      attendanceRate: ratio(row.attended, raidsCounted),
      items: row.items,
      itemShare: ratio(row.items, totalItems),
    })),
    weeks: weeks.map((row) => ({
      week: row.week,
      raids: row.raids,
      attendanceTotal: row.attendance_total,
      attendanceCame: row.attendance_came,
      attendanceRate: ratio(row.attendance_came, row.attendance_total),
      lootItems: row.loot_items,
    })),
  };
}
