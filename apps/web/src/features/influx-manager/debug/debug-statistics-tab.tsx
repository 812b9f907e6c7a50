import { INFLUX_DEBUG_MESSAGES, type InfluxLanguage } from '@guildhall/contract';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import type { InfluxDebug } from './use-influx-debug';

/** The query a measurement chip fills in: its newest 100 points, in the language in use. */
export function measurementQuery(measurement: string, language: InfluxLanguage, bucket: string): string {
  if (language === 'flux') {
    const literal = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    return `from(bucket: ${literal(bucket)})\n  |> range(start: -7d)\n  |> filter(fn: (r) => r._measurement == ${literal(measurement)})\n  |> limit(n: 100)`;
  }
  return `SELECT * FROM "${measurement.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}" ORDER BY time DESC LIMIT 100`;
}

interface DebugStatisticsTabProps {
  debug: InfluxDebug;
  language: InfluxLanguage;
  onFillQuery: (query: string) => void;
}

/** Measurement count, total records and days of data, and a chip per measurement that fills a query. */
export function DebugStatisticsTab({ debug, language, onFillQuery }: DebugStatisticsTabProps) {
  const answer = debug.statistics;
  const data = answer?.success ? answer.data : null;
  const bucket = debug.health?.bucket ?? '';
  const figures = data
    ? [
        { label: 'Measurements', value: data.measurementCount.toLocaleString('en-US') },
        { label: 'Total records', value: `${data.totalRecords.toLocaleString('en-US')}${data.isEstimate ? '+' : ''}` },
        { label: 'Days of data', value: data.daysOfData.toLocaleString('en-US') },
      ]
    : [];
  return (
    <Card
      title="Statistics"
      data-testid="influx-debug-stats"
      actions={
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={debug.refreshStatistics}
          disabled={debug.connection !== 'connected'}
        >
          Refresh
        </button>
      }
    >
      {!answer && debug.connection === 'connected' && <Spinner label="Counting..." />}
      {answer && !answer.success && (
        <p className="alert alert--error" role="alert">
          {answer.error ?? INFLUX_DEBUG_MESSAGES.statisticsFailed('unknown error')}
        </p>
      )}
      {debug.measurements.error && (
        <p className="alert alert--error" role="alert">
          {debug.measurements.error}
        </p>
      )}
      {data && (
        <>
          <dl className="influx-stats">
            {figures.map((figure) => (
              <div key={figure.label} className="influx-stat" data-testid={`influx-debug-stat-${figure.label}`}>
                <dt>{figure.label}</dt>
                <dd className="influx-stat__value">{figure.value}</dd>
              </div>
            ))}
          </dl>
          {data.oldestRecord && (
            <p className="influx-muted">
              Oldest record <time dateTime={data.oldestRecord}>{new Date(data.oldestRecord).toLocaleString()}</time>
            </p>
          )}
          <h3 className="influx-subtitle">Measurements</h3>
          <ul className="influx-chips" aria-label="Measurements: choose one to query it">
            {data.measurements.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="influx-chip"
                  onClick={() => onFillQuery(measurementQuery(name, language, bucket))}
                >
                  {name}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
