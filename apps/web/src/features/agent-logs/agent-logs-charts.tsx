import type { AiTurnStats } from '@guildhall/contract';
import { useMemo } from 'react';
import type { TimeSeries } from '../../ui/charts/time-series';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { formatCompact, formatShare } from '../../ui/format-number';
import { TableScroll } from '../../ui/table-scroll';

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The figures of the stats as the charts' series. */
function chartSeries(stats: AiTurnStats) {
  const perDay = (name: string, value: (day: AiTurnStats['perDay'][number]) => number): TimeSeries => ({
    name,
    points: stats.perDay.map((day) => [dayTime(day.day), value(day)] as const),
  });
  const latency = stats.byProvider.flatMap(({ provider }) => {
    const rows = stats.latencyPerDay.filter((row) => row.provider === provider);
    return [
      { name: `${provider} p50`, points: rows.map((row) => [dayTime(row.day), Math.round(row.latencyP50)] as const) },
      { name: `${provider} p95`, points: rows.map((row) => [dayTime(row.day), Math.round(row.latencyP95)] as const) },
    ];
  });
  return {
    outcomes: [
      perDay('responded', (day) => day.responded),
      perDay('ignored', (day) => day.ignored),
      perDay('error', (day) => day.errors),
    ],
    tokens: [perDay('prompt tokens', (day) => day.promptTokens), perDay('completion tokens', (day) => day.completionTokens)],
    errorRate: [perDay('error rate %', (day) => (day.turns === 0 ? 0 : Math.round((day.errors / day.turns) * 1000) / 10))],
    latency,
  };
}

/** Totals, the per-provider table, and the charts of turns, latency, tokens and errors for the filters in force. */
export function AgentLogsCharts({ stats }: { stats: AiTurnStats }) {
  const series = useMemo(() => chartSeries(stats), [stats]);
  return (
    <section className="agent-charts" aria-label="Agent turn charts">
      <dl className="agent-totals" data-testid="agent-totals">
        <div>
          <dt>Turns</dt>
          <dd>{formatCompact(stats.totals.turns)}</dd>
        </div>
        <div>
          <dt>Error rate</dt>
          <dd>{formatShare(stats.totals.errorRate)}</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>{formatCompact(stats.totals.tokens)}</dd>
        </div>
        <div>
          <dt>Latency p95</dt>
          <dd>{stats.totals.latencyP95 === null ? '—' : `${formatCompact(Math.round(stats.totals.latencyP95))} ms`}</dd>
        </div>
      </dl>
      <TableScroll label="Latency, errors and tokens by provider">
        <table className="table agent-providers" data-testid="agent-providers">
          <caption className="visually-hidden">Latency, errors and tokens by provider</caption>
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Turns</th>
              <th scope="col">Latency p50</th>
              <th scope="col">Latency p95</th>
              <th scope="col">Error rate</th>
              <th scope="col">Tokens</th>
            </tr>
          </thead>
          <tbody>
            {stats.byProvider.map((row) => (
              <tr key={row.provider}>
                <th scope="row">{row.provider}</th>
                <td>{formatCompact(row.turns)}</td>
                <td>{Math.round(row.latencyP50)} ms</td>
                <td>{Math.round(row.latencyP95)} ms</td>
                <td>{formatShare(row.errorRate)}</td>
                <td>{formatCompact(row.tokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="agent-charts__grid">
        <TimeSeriesChart title="Turns per day by outcome" series={series.outcomes} height={240} />
        <TimeSeriesChart title="Latency p50 and p95 by provider (ms)" series={series.latency} height={240} />
        <TimeSeriesChart title="Tokens per day" series={series.tokens} height={240} />
        <TimeSeriesChart title="Error rate per day (%)" series={series.errorRate} height={240} />
      </div>
    </section>
  );
}
