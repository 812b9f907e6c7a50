import { ANALYTICS_RAIDS, type AnalyticsGuild } from '@guildhall/contract';
import { useMemo } from 'react';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { formatCompact, formatShare } from '../../ui/format-number';
import { FigureTable } from './figure-table';

const at = (week: string) => Date.parse(`${week}T00:00:00Z`);
const share = (value: number | null) => (value === null ? '–' : formatShare(value));
const RAID_COUNTS = [5, 10, 20, 50].filter((n) => n <= ANALYTICS_RAIDS.max);

/** A share drawn as a bar beside its number, for reading a column at a glance. */
function ShareBar({ value, label }: { value: number | null; label: string }) {
  return (
    <span className="analytics-bar">
      <span className="analytics-bar__track" aria-hidden="true">
        <span className={`analytics-bar__fill analytics-bar__fill--${label}`} style={{ width: `${(value ?? 0) * 100}%` }} />
      </span>
      <span className="analytics-bar__value">{share(value)}</span>
    </span>
  );
}

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
  const trend = useMemo(
    () => [
      { name: 'Raids', points: data.weeks.map((week) => [at(week.week), week.raids] as const) },
      { name: 'Loot items', points: data.weeks.map((week) => [at(week.week), week.lootItems] as const) },
    ],
    [data],
  );
  const attendance = useMemo(
    () => [
      {
        name: 'Attendance rate (%)',
        points: data.weeks.map(
          (week) =>
            [at(week.week), week.attendanceRate === null ? Number.NaN : Math.round(week.attendanceRate * 1000) / 10] as const,
        ),
      },
    ],
    [data],
  );
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
          {
            header: 'Attendance',
            cell: (row) => <ShareBar value={row.attendanceRate} label="attendance" />,
            csv: (row) => (row.attendanceRate === null ? '' : row.attendanceRate.toFixed(4)),
          },
          make.count('Items', (row) => row.items),
          {
            header: 'Share of loot',
            cell: (row) => <ShareBar value={row.itemShare} label="loot" />,
            csv: (row) => (row.itemShare === null ? '' : row.itemShare.toFixed(4)),
          },
        ]}
      />
    </>
  );
}
