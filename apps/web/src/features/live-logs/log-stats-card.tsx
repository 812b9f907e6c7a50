import { LOG_LEVELS } from '@guildhall/contract';
import { useMemo } from 'react';
import { useLogStats } from '../../api/logs';
import { Card } from '../../ui/card';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { formatCompact } from '../../ui/format-number';
import { QueryState } from '../../ui/query-state';
import { levelLabel } from './log-levels';
import { statsSeries } from './stats-series';

/** Counts of log lines by level over the last 24 hours: one line per level, and the totals. */
export function LogStatsCard() {
  const stats = useLogStats();
  const series = useMemo(() => (stats.data ? statsSeries(stats.data) : []), [stats.data]);

  return (
    <Card title="Lines by level" className="live-logs__stats" data-testid="log-stats">
      <QueryState query={stats} loading="Counting log lines..." errorText="Failed to load the log counts" testId="log-stats">
        {(counts) => (
          <>
            <dl className="log-totals" data-testid="log-totals">
              {LOG_LEVELS.map((level) => (
                <div key={level} className={`log-totals__item log-totals__item--${level}`}>
                  <dt>{levelLabel(level)}</dt>
                  <dd>{formatCompact(counts.totals[level] ?? 0)}</dd>
                </div>
              ))}
            </dl>
            <TimeSeriesChart title="Log lines by level, last 24 hours" series={series} height={180} />
          </>
        )}
      </QueryState>
    </Card>
  );
}
