import {
  type AlertEvidence,
  type EvidenceLogLine,
  evidenceSummary,
  liveLogsSearchPath,
  METRIC_CATALOG,
} from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Card } from '../../ui/card';
import { TimeSeriesChart } from '../../ui/charts/time-series-chart';
import { DataTable } from '../../ui/data-table';
import { formatStatus } from '../../ui/format';
import { formatDateTime } from '../../ui/format-date';

function logColumns(logs: NonNullable<AlertEvidence['logs']>): ColumnDef<EvidenceLogLine>[] {
  return [
    { id: 'time', header: 'Time', cell: ({ row }) => formatDateTime(row.original.time) },
    { id: 'level', header: 'Level', cell: ({ row }) => formatStatus(row.original.level) },
    {
      id: 'message',
      header: 'Line',
      cell: ({ row: { original: line } }) => (
        <>
          {line.message}
          {line.statusCode !== null && <span className="muted"> ({line.statusCode})</span>}
        </>
      ),
    },
    {
      id: 'request',
      header: 'Request',
      cell: ({ row: { original: line } }) =>
        line.requestId ? (
          <Link to={liveLogsSearchPath(logs, line.requestId)} aria-label={`Request ${line.requestId} in Live Logs`}>
            <code>{line.requestId}</code>
          </Link>
        ) : null,
    },
  ];
}

/** What made the alert fire: its metric over the rule's window, and the log lines and requests of the minute before. */
export function AlertEvidenceCard({ evidence }: { evidence: AlertEvidence | null }) {
  const series = useMemo(
    () =>
      evidence?.metric
        ? [
            {
              name: METRIC_CATALOG[evidence.metric.name].label,
              points: evidence.metric.points.map((point) => [Date.parse(point.at), point.value] as const),
            },
          ]
        : [],
    [evidence],
  );
  const columns = useMemo(() => (evidence?.logs ? logColumns(evidence.logs) : []), [evidence]);
  if (!evidence) {
    return (
      <Card title="What caused it" data-testid="alert-evidence">
        <p className="muted">This alert kept no evidence: it is a notice, or it fired before evidence was kept.</p>
      </Card>
    );
  }
  const summary = evidence.metric ? evidenceSummary(evidence.metric) : null;
  return (
    <Card title="What caused it" data-testid="alert-evidence">
      <p>
        From {formatDateTime(evidence.from)} to {formatDateTime(evidence.to)}
        {summary && `: ${summary}`}
        {evidence.metric?.threshold !== null && evidence.metric && `, threshold ${evidence.metric.threshold}`}
      </p>
      {/* A line needs two points: a rule that fires at once has one, and its summary says it. */}
      {(evidence.metric?.points.length ?? 0) > 1 && <TimeSeriesChart title={series[0]!.name} series={series} height={220} />}
      {evidence.logs && (
        <section className="alerts-evidence-logs" aria-labelledby="alert-evidence-logs">
          <h3 id="alert-evidence-logs" className="monitoring-section__title">
            Warnings and errors of the minute before
          </h3>
          <p>
            {evidence.logs.requestIds.length > 0 ? `Requests: ${evidence.logs.requestIds.join(', ')}. ` : ''}
            <Link to={liveLogsSearchPath(evidence.logs)}>Open this minute in Live Logs</Link>
          </p>
          {evidence.logs.lines.length === 0 ? (
            <p className="muted">No warning or error lines in the minute before.</p>
          ) : (
            <DataTable
              columns={columns}
              rows={evidence.logs.lines}
              getRowId={(line, index) => `${line.time}-${index}`}
              label="Log lines of the minute before"
              isStacked
              rowAttributes={() => ({ 'data-testid': 'evidence-line' })}
            />
          )}
        </section>
      )}
    </Card>
  );
}
