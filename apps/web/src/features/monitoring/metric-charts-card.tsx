import { type ReactNode, useCallback, useId } from 'react';
import { RangePicker } from '../../ui/range-picker';
import { useUrlQuery } from '../../ui/use-url-query';
import { metricRangeQuery } from './metric-range-query';

/** The charts' range, kept in the URL (`?duration=`), and its picker. */
export function useMetricRange() {
  const { query, set } = useUrlQuery(metricRangeQuery);
  const setRange = useCallback((duration: number) => set({ duration }), [set]);
  const picker = <RangePicker value={query.duration} onChange={setRange} />;
  return { range: query.duration, picker };
}

interface MetricChartsCardProps {
  title: string;
  testId: string;
  /** Beside the title: the range picker where the card has it. */
  actions?: ReactNode;
  /** The card's `MetricChart`s, laid out two by two. */
  children: ReactNode;
}

/** A card of metric charts on the monitoring pages. */
export function MetricChartsCard({ title, testId, actions, children }: MetricChartsCardProps) {
  const titleId = useId();
  return (
    <section className="card monitoring-charts" aria-labelledby={titleId} data-testid={testId}>
      <header className="card__header">
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
        {actions && <div className="card__actions">{actions}</div>}
      </header>
      <div className="monitoring-chart-grid">{children}</div>
    </section>
  );
}
