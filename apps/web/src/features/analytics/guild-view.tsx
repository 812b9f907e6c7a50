import { ANALYTICS_RAIDS, type AnalyticsGuild } from '@guildhall/contract';
import { useMemo } from 'react';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { formatCompact } from '../../ui/format-number';
import { FigureTable } from './figure-table';
import { percent, seriesOver } from './figures';

const RAID_COUNTS = [5, 10, 20, 50].filter((n) => n <= ANALYTICS_RAIDS.max);

/** One guild's page: roster by class and role, attendance per member, the loot fairness view and the activity trend. */
export function GuildView({
  data,
  raids,
  onRaidsChange,
}: {
  data: AnalyticsGuild;
  raids: number;
  onRaidsChange: (raids: number) => void;
}) {
  const { trend, attendance } = useMemo(() => {
    const weekly = seriesOver(data.weeks, (week) => week.week);
    return {
      trend: [weekly('Raids', (week) => week.raids), weekly('Loot items', (week) => week.lootItems)],
      attendance: [weekly('Attendance rate (%)', (week) => percent(week.attendanceRate))],
    };
  }, [data]);
  const raidOptions = RAID_COUNTS.includes(raids) ? RAID_COUNTS : [...RAID_COUNTS, raids].sort((a, b) => a - b);
  return (
    <>
      <p className="muted" data-testid="analytics-guild-summary">
        {data.guild.server} · {data.guild.region} · loot system {data.guild.lootSystem.replaceAll('_', ' ')} ·{' '}
        {formatCompact(data.totalItems)} items awarded in the range · attendance over the latest {data.raidsCounted} raid(s)
      </p>
      <div className="analytics-charts">
        <TimeSeriesChart title="Raids and loot per week" series={trend} height={220} />
        <TimeSeriesChart title="Attendance rate per week" series={attendance} height={220} />
      </div>
      <div className="analytics-tables">
        <FigureTable
          title="Roster by class and role"
          testId="analytics-roster"
          rows={data.roster}
          rowKey={(row) => `${row.class}:${row.role ?? ''}`}
          empty="No characters"
          columns={(make) => [
            make.text('Class', (row) => row.class),
            make.text('Role', (row) => row.role),
            make.count('Characters', (row) => row.characters),
          ]}
        />
      </div>
      <div className="analytics-raids-control">
        <label htmlFor="analytics-raids">Latest raids counted</label>
        <select
          id="analytics-raids"
          className="input filter-bar__select"
          value={raids}
          onChange={(event) => onRaidsChange(Number(event.target.value))}
        >
          {raidOptions.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <FigureTable
        title="Attendance and loot per member"
        testId="analytics-fairness"
        rows={data.members}
        rowKey={(row) => row.characterId}
        empty="No characters"
        columns={(make) => [
          make.text('Character', (row) => row.name),
          make.text('Class', (row) => row.class),
          make.text('Role', (row) => row.role),
          {
            header: 'Raids attended',
            cell: (row) => `${row.attended} / ${data.raidsCounted}`,
            csv: (row) => row.attended,
            numeric: true,
          },
          make.bar('Attendance', (row) => row.attendanceRate, 'attendance'),
          make.count('Items', (row) => row.items),
          make.bar('Share of loot', (row) => row.itemShare, 'loot'),
        ]}
      />
    </>
  );
}
