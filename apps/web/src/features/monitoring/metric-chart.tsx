import type { MetricName, MetricsHistory } from '@guildhall/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { QueryState } from '../../ui/query-state';
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
      <QueryState
        query={history}
        loading={`Loading ${title}...`}
        errorTitle={HISTORY_FAILED}
        testId={testId && `${testId}-state`}
      >
        {() => <TimeSeriesChart title={title} series={series} height={220} />}
      </QueryState>
    </div>
  );
}
