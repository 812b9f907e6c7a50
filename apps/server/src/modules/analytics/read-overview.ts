import { ANALYTICS_MESSAGES, type AnalyticsOverview, LINK_TYPES, type LOOT_SYSTEMS, type Region } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findGuild, type OverviewFilter, runOverviewChart } from './queries';
import { ratio } from './ratio';
import { resolveRange } from './resolve-range';

/** The platform figures: every chart's statement at once, shaped for the contract. */
export async function readOverview(
  db: Queryable,
  query: { from?: string; to?: string; guildId?: string; region?: Region },
): Promise<AnalyticsOverview> {
  const filter: OverviewFilter = { ...resolveRange(query.from, query.to), guildId: query.guildId, region: query.region };
  const guild = query.guildId ? await findGuild(db, query.guildId) : undefined;
  if (query.guildId && !guild) throw AppError.notFound(ANALYTICS_MESSAGES.guildNotFound);
  const [activity, members, bot, providers, lootSystems, linking, memberSync] = await Promise.all([
    runOverviewChart(db, 'activity', filter),
    runOverviewChart(db, 'members', filter),
    runOverviewChart(db, 'bot', filter),
    runOverviewChart(db, 'providers', filter),
    runOverviewChart(db, 'lootSystems', filter),
    runOverviewChart(db, 'linking', filter),
    runOverviewChart(db, 'memberSync', filter),
  ]);
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const attendanceTotal = sum(activity, (row) => row.attendance_total);
  const turns = sum(bot, (row) => row.turns);
  const responded = sum(bot, (row) => row.responded);
  const link = linking[0]!;
  const sync = memberSync[0]!;
  return {
    success: true,
    range: { from: filter.from.toISOString(), to: filter.to.toISOString() },
    guild: guild ? { id: guild.id, name: guild.guild_name } : null,
    summary: {
      guilds: activity[0]?.guilds_in_scope ?? 0,
      activeGuilds: activity[0]?.guilds_active ?? 0,
      signUps: sum(members, (row) => row.sign_ups),
      activeMembers: members[0]?.active_in_range ?? 0,
      raids: sum(activity, (row) => row.raids),
      attendanceRate: ratio(
        sum(activity, (row) => row.attendance_came),
        attendanceTotal,
      ),
      lootItems: sum(activity, (row) => row.loot_items),
    },
    days: members.map((row, index) => ({
      day: row.day,
      signUps: row.sign_ups,
      activeMembers: row.active_members,
      botTurns: bot[index]?.turns ?? 0,
      botResponded: bot[index]?.responded ?? 0,
      botIgnored: bot[index]?.ignored ?? 0,
      botErrors: bot[index]?.errors ?? 0,
    })),
    weeks: activity.map((row) => ({
      week: row.week,
      activeGuilds: row.active_guilds,
      raids: row.raids,
      attendanceTotal: row.attendance_total,
      attendanceCame: row.attendance_came,
      attendanceRate: ratio(row.attendance_came, row.attendance_total),
      lootItems: row.loot_items,
    })),
    lootBySystem: lootSystems.map((row) => ({
      lootSystem: row.loot_system as (typeof LOOT_SYSTEMS)[number],
      guilds: row.guilds,
      items: row.items,
    })),
    linking: {
      characters: link.characters,
      linked: link.linked,
      coverage: ratio(link.linked, link.characters),
      byOrigin: LINK_TYPES.map((origin) => ({ origin, links: link[origin] })),
    },
    memberSync: {
      guilds: sync.guilds,
      currentMembers: sync.current_members,
      syncedLastDay: sync.synced_last_day,
      syncedLastWeek: sync.synced_last_week,
      stale: sync.stale,
      never: sync.never,
      lastSyncAt: sync.last_sync_at ? new Date(sync.last_sync_at).toISOString() : null,
    },
    bot: {
      turns,
      responded,
      ignored: sum(bot, (row) => row.ignored),
      errors: sum(bot, (row) => row.errors),
      responseRate: ratio(responded, turns),
      providers,
    },
  };
}
