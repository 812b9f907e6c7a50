import type { AnalyticsOverview } from '@guildhall/contract';
import { Activity, Bot, CalendarDays, Castle, Gem, Link2, UserPlus, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { formatCompact } from '../../ui/format-number';
import { StatCard } from '../../ui/stat-card';
import { FigureTable } from './figure-table';
import { percent, seriesOver, shareText as share } from './figures';

/** The platform figures: cards for the range's totals, a chart per figure over time, tables for breakdowns. */
export function OverviewView({ data, guildLink }: { data: AnalyticsOverview; guildLink?: string }) {
  const charts = useMemo(() => {
    const weekly = seriesOver(data.weeks, (week) => week.week);
    const daily = seriesOver(data.days, (day) => day.day);
    return {
      activeGuilds: [weekly('Active guilds', (week) => week.activeGuilds)],
      members: [daily('Sign-ups', (day) => day.signUps), daily('Daily active members', (day) => day.activeMembers)],
      raids: [weekly('Raids', (week) => week.raids)],
      attendance: [weekly('Attendance rate (%)', (week) => percent(week.attendanceRate))],
      loot: [weekly('Loot items', (week) => week.lootItems)],
      bot: [
        daily('Turns', (day) => day.botTurns),
        daily('Responded', (day) => day.botResponded),
        daily('Ignored', (day) => day.botIgnored),
        daily('Errors', (day) => day.botErrors),
      ],
    };
  }, [data]);
  const { summary, linking, memberSync, bot } = data;
  const syncRows = [
    { bucket: 'Synced in the last day', guilds: memberSync.syncedLastDay },
    { bucket: 'Synced 1 to 7 days ago', guilds: memberSync.syncedLastWeek },
    { bucket: 'Last synced over 7 days ago', guilds: memberSync.stale },
    { bucket: 'Never synced', guilds: memberSync.never },
  ];

  return (
    <>
      <div className="stat-grid analytics-cards">
        {[
          {
            id: 'guilds',
            title: 'Active guilds',
            icon: Castle,
            value: formatCompact(summary.activeGuilds),
            detail: `of ${formatCompact(summary.guilds)} guilds raided in the range`,
          },
          { id: 'signups', title: 'Sign-ups', icon: UserPlus, value: formatCompact(summary.signUps) },
          {
            id: 'members',
            title: 'Active members',
            icon: Users,
            value: formatCompact(summary.activeMembers),
            detail: 'Signed in or seen in the range',
          },
          { id: 'raids', title: 'Raids', icon: CalendarDays, value: formatCompact(summary.raids) },
          {
            id: 'attendance',
            title: 'Attendance rate',
            icon: Activity,
            value: share(summary.attendanceRate),
            detail: 'Present or late',
          },
          { id: 'loot', title: 'Loot items', icon: Gem, value: formatCompact(summary.lootItems) },
          {
            id: 'linking',
            title: 'Characters linked',
            icon: Link2,
            value: share(linking.coverage),
            detail: `${formatCompact(linking.linked)} of ${formatCompact(linking.characters)} characters`,
          },
          {
            id: 'bot',
            title: 'Bot response rate',
            icon: Bot,
            value: share(bot.responseRate),
            detail: `${formatCompact(bot.turns)} agent turns`,
          },
        ].map(({ id, ...card }) => (
          <StatCard key={id} testId={`analytics-card-${id}`} {...card} />
        ))}
      </div>
      {guildLink && (
        <p>
          <Link to={guildLink} data-testid="analytics-open-guild">
            Open the page of {data.guild?.name ?? 'this guild'}
          </Link>
        </p>
      )}
      <div className="analytics-charts">
        {(
          [
            ['Active guilds per week', charts.activeGuilds],
            ['Sign-ups and daily active members', charts.members],
            ['Raids per week', charts.raids],
            ['Attendance rate per week', charts.attendance],
            ['Loot per week', charts.loot],
            ['Bot activity per day', charts.bot],
          ] as const
        ).map(([title, series]) => (
          <TimeSeriesChart key={title} title={title} series={series} height={220} />
        ))}
      </div>
      <div className="analytics-tables">
        <FigureTable
          title="Loot per loot system"
          testId="analytics-loot-systems"
          rows={data.lootBySystem}
          empty="No guilds in scope"
          columns={(make) => [
            { header: 'Loot system', cell: (row) => row.lootSystem.replaceAll('_', ' '), csv: (row) => row.lootSystem },
            make.count('Guilds', (row) => row.guilds),
            make.count('Items', (row) => row.items),
          ]}
        />
        <FigureTable
          title="Character links by origin"
          testId="analytics-link-origins"
          rows={linking.byOrigin}
          empty="No links"
          columns={(make) => [
            make.text('Origin', (row) => row.origin),
            make.count('Links', (row) => row.links),
            make.share('Share of characters', (row) => row.links, linking.characters),
          ]}
        />
        <FigureTable
          title="Member-sync freshness"
          testId="analytics-member-sync"
          rows={syncRows}
          empty="No guilds in scope"
          columns={(make) => [
            make.text('Latest successful sync', (row) => row.bucket),
            make.count('Guilds', (row) => row.guilds),
          ]}
        />
        <FigureTable
          title="Bot providers"
          testId="analytics-providers"
          rows={bot.providers}
          empty="No agent turns in the range"
          columns={(make) => [
            make.text('Provider', (row) => row.provider),
            make.count('Turns', (row) => row.turns),
            make.share('Share', (row) => row.turns, bot.turns),
          ]}
        />
      </div>
      <p className="muted analytics-note">
        {formatCompact(memberSync.currentMembers)} current Discord members
        {memberSync.lastSyncAt ? `; latest sync ${new Date(memberSync.lastSyncAt).toLocaleString()}` : ''}.
      </p>
    </>
  );
}
