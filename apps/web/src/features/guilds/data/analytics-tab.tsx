import type { WeeklyPoint } from '@guildhall/contract';
import { useGuildAnalytics } from '../../../api/guild-data';
import { BarChart } from '../../../ui/charts/bar-chart';
import { LineChart } from '../../../ui/charts/line-chart';
import { formatShortDay } from '../../../ui/format-date';
import { formatCompact } from '../../../ui/format-number';
import { DataTabState } from './data-tab-state';

const toPoints = (series: WeeklyPoint[]) => series.map((point) => ({ label: formatShortDay(point.week), value: point.count }));
const sum = (series: WeeklyPoint[]) => series.reduce((total, point) => total + point.count, 0);

/** Loot, raids and active characters per week, as charts. */
export function AnalyticsTab({ guildId }: { guildId: string }) {
  const query = useGuildAnalytics(guildId);

  return (
    <DataTabState query={query} loading="Loading analytics..." testId="guild-analytics-state">
      {(answer) => <AnalyticsCharts series={answer.series} />}
    </DataTabState>
  );
}

type WeeklySeries = NonNullable<ReturnType<typeof useGuildAnalytics>['data']>['series'];

/** The three weekly series, each its own chart. */
function AnalyticsCharts({ series }: { series: WeeklySeries }) {
  const { lootPerWeek, raidsPerWeek, activeCharactersPerWeek } = series;
  const weeks = lootPerWeek.length;

  return (
    <div className="data-tab" data-testid="guild-analytics">
      <p className="data-tab__lead">
        The last {weeks} weeks: {formatCompact(sum(lootPerWeek))} loot drops and {formatCompact(sum(raidsPerWeek))} raids
      </p>
      <div className="chart-grid">
        <section className="panel">
          <BarChart title="Loot per week" points={toPoints(lootPerWeek)} />
        </section>
        <section className="panel">
          <BarChart title="Raids per week" points={toPoints(raidsPerWeek)} />
        </section>
        <section className="panel chart-grid__wide">
          <LineChart title="Active characters per week" points={toPoints(activeCharactersPerWeek)} />
        </section>
      </div>
    </div>
  );
}
