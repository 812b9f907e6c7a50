import { METRIC_CATALOG, type MetricName, type MetricSeries } from '@guildhall/contract';
import type { TimeSeries } from '../../ui/charts/time-series';

/**
 * The chart lines of some metrics of a history answer, in the order asked: one line per metric, or one per metric
 * and process when several processes report (then named 'CPU (web-1)').
 */
export function chartLines(series: readonly MetricSeries[], metrics: readonly MetricName[]): TimeSeries[] {
  const instances = new Set(series.map((line) => line.instance));
  const isMultiInstance = instances.size > 1;
  return metrics.flatMap((metric) =>
    series
      .filter((line) => line.metric === metric)
      .sort((a, b) => a.instance.localeCompare(b.instance))
      .map((line) => ({
        name: isMultiInstance ? `${METRIC_CATALOG[metric].label} (${line.instance})` : METRIC_CATALOG[metric].label,
        points: line.points,
      })),
  );
}
