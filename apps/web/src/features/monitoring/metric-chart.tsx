import type { MetricName, MetricsHistory } from '@guildhall/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '../../api/api-error';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { Spinner } from '../../ui/spinner';
import { chartLines } from './metric-series';

/** Shown when the history call fails, followed by the server's message. */
export const HISTORY_FAILED = 'Failed to load metrics history';

interface MetricChartProps {
  /** The title, with the unit the numbers are in: 'CPU (%)'. */
  title: string;
  history: UseQueryResult<MetricsHistory>;
  metrics: readonly MetricName[];
  testId: string;
}

/** Some metrics of one history answer on the time-series chart, with its loading and error states. */
export function MetricChart({ title, history, metrics, testId }: MetricChartProps) {
  const series = useMemo(() => chartLines(history.data?.series ?? [], metrics), [history.data, metrics]);
  return (
    <div className="metric-chart" data-testid={testId} aria-busy={history.isFetching}>
      {history.isPending && !history.isError && (
        <div className="metric-chart__state">
          <Spinner label={`Loading ${title}...`} />
        </div>
      )}
      {history.isError && !history.data && (
        <div className="metric-chart__state" role="alert">
          <p className="alert alert--error">
            {HISTORY_FAILED}: {errorMessage(history.error)}
          </p>
          <button type="button" className="button button--secondary button--small" onClick={() => void history.refetch()}>
            Retry
          </button>
        </div>
      )}
      {history.data && <TimeSeriesChart title={title} series={series} height={220} />}
    </div>
  );
}
