import type { AiTurnStats } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { TimeSeries } from '../../ui/charts/time-series';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { DataTable } from '../../ui/data-table';
import { formatCompact, formatShare } from '../../ui/format-number';

const PROVIDER_COLUMNS: ColumnDef<AiTurnStats['byProvider'][number]>[] = [
  { id: 'provider', header: 'Provider', meta: { isRowHeader: true }, cell: ({ row }) => row.original.provider },
  { id: 'turns', header: 'Turns', cell: ({ row }) => formatCompact(row.original.turns) },
  { id: 'p50', header: 'Latency p50', cell: ({ row }) => `${Math.round(row.original.latencyP50)} ms` },
  { id: 'p95', header: 'Latency p95', cell: ({ row }) => `${Math.round(row.original.latencyP95)} ms` },
  { id: 'errorRate', header: 'Error rate', cell: ({ row }) => formatShare(row.original.errorRate) },
  { id: 'tokens', header: 'Tokens', cell: ({ row }) => formatCompact(row.original.tokens) },
];

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
      <DataTable
        columns={PROVIDER_COLUMNS}
        rows={stats.byProvider}
        getRowId={(row) => row.provider}
        label="Latency, errors and tokens by provider"
        testId="agent-providers"
        className="agent-providers"
      />
      <div className="agent-charts__grid">
        <TimeSeriesChart title="Turns per day by outcome" series={series.outcomes} height={240} />
        <TimeSeriesChart title="Latency p50 and p95 by provider (ms)" series={series.latency} height={240} />
        <TimeSeriesChart title="Tokens per day" series={series.tokens} height={240} />
        <TimeSeriesChart title="Error rate per day (%)" series={series.errorRate} height={240} />
      </div>
    </section>
  );
}
