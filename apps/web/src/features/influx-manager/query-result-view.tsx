import { INFLUX_MESSAGES, type InfluxQueryResult, influxPointOf } from '@guildhall/contract';
import { useMemo, useState } from 'react';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { resultSeries } from './result-series';
import { ResultTable } from './result-table';

type View = 'table' | 'graph';

/** The summary line of an answer: how many points of how many, and how long it took. */
function resultNote(result: InfluxQueryResult): string {
  if (result.totalPoints > result.shownPoints || result.isCapped) {
    return INFLUX_MESSAGES.showingFirst(result.shownPoints, result.totalPoints, result.isCapped);
  }
  return `${result.totalPoints.toLocaleString('en-US')} ${result.totalPoints === 1 ? 'data point' : 'data points'}`;
}

/** A query's answer: the first 100 points as a table, or every point it carries drawn as a graph, one line per series. */
export function QueryResultView({ result }: { result: InfluxQueryResult }) {
  const [view, setView] = useState<View>('table');
  const points = useMemo(() => result.data.map(influxPointOf), [result.data]);
  const series = useMemo(() => resultSeries(points), [points]);
  if (result.totalPoints === 0) {
    return (
      <p className="influx-muted" data-testid="influx-summary">
        {INFLUX_MESSAGES.emptyResult} · {result.duration} ms
      </p>
    );
  }
  return (
    <>
      <div className="influx-result-head">
        <p className="influx-summary" data-testid="influx-summary">
          <span>{resultNote(result)}</span>
          <span>{result.duration} ms</span>
        </p>
        <fieldset className="influx-toggle">
          <legend className="visually-hidden">Show the result as</legend>
          {(['table', 'graph'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="influx-toggle__option"
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === 'table' ? 'Table' : 'Graph'}
            </button>
          ))}
        </fieldset>
      </div>
      {view === 'table' ? (
        <ResultTable rows={points.slice(0, result.shownPoints)} label="Query result" />
      ) : (
        <TimeSeriesChart title="Query result" series={series} />
      )}
    </>
  );
}
