import { LOG_LEVELS } from '@guildhall/contract';
import { useMemo } from 'react';
import { errorMessage } from '../../api/api-error';
import { useLogStats } from '../../api/logs';
import { Card } from '../../ui/card';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { formatCompact } from '../../ui/format-number';
import { Spinner } from '../../ui/spinner';
import { levelLabel } from './log-levels';
import { statsSeries } from './stats-series';

/** Counts of log lines by level over the last 24 hours: one line per level, and the totals. */
export function LogStatsCard() {
  const stats = useLogStats();
  const series = useMemo(() => (stats.data ? statsSeries(stats.data) : []), [stats.data]);

  return (
    <Card title="Lines by level" className="live-logs__stats" data-testid="log-stats">
      {stats.isPending && <Spinner label="Counting log lines..." />}
      {stats.isError && !stats.data && (
        <div className="table-empty" role="alert">
          <p>{errorMessage(stats.error, 'Failed to load the log counts')}</p>
          <button type="button" className="button button--secondary" onClick={() => void stats.refetch()}>
            Retry
          </button>
        </div>
      )}
      {stats.data && (
        <>
          <dl className="log-totals" data-testid="log-totals">
            {LOG_LEVELS.map((level) => (
              <div key={level} className={`log-totals__item log-totals__item--${level}`}>
                <dt>{levelLabel(level)}</dt>
                <dd>{formatCompact(stats.data.totals[level] ?? 0)}</dd>
              </div>
            ))}
          </dl>
          <TimeSeriesChart title="Log lines by level, last 24 hours" series={series} height={180} />
        </>
      )}
    </Card>
  );
}
