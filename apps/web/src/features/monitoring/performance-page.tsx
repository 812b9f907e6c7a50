import type { MetricName } from '@guildhall/contract';
import { useCallback } from 'react';
import { useMetricsHistory } from '../../api/metrics';
import { RangePicker } from '../../ui/range-picker';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { MetricChart } from './metric-chart';
import { metricRangeQuery } from './metric-range-query';
import { RouteTable } from './route-table';
import { SlowQueries } from './slow-queries';
import '../../styles/monitoring.css';

const REQUEST_RATE: MetricName[] = ['http.requests_per_second'];
const LATENCY: MetricName[] = ['http.latency_p50_ms', 'http.latency_p95_ms', 'http.latency_p99_ms'];
const ERROR_RATE: MetricName[] = ['http.error_rate_percent'];
const POOL: MetricName[] = ['database.pool_total', 'database.pool_idle', 'database.pool_waiting'];
const ROUND_TRIPS: MetricName[] = ['services.database_ms', 'services.redis_ms', 'services.influxdb_ms'];

/** /admin/monitoring/performance: HTTP over time and per route, the database pool, service round trips, slow queries. */
export function PerformancePage() {
  useDocumentTitle('Performance');
  const { query, set } = useUrlQuery(metricRangeQuery);
  const range = query.duration;
  const setRange = useCallback((duration: number) => set({ duration }), [set]);
  const http = useMetricsHistory('http', range);
  const database = useMetricsHistory('database', range);
  const services = useMetricsHistory('services', range);

  return (
    <div className="page monitoring-page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Performance</h1>
          <p className="page__lead">How fast the server answers, where it spends its time, and what the database waits on</p>
        </div>
        <div className="monitoring-page__actions">
          <RangePicker value={range} onChange={setRange} />
        </div>
      </header>

      <section className="card monitoring-charts" aria-labelledby="http-charts-title" data-testid="http-charts">
        <header className="card__header">
          <h2 id="http-charts-title" className="card__title">
            Requests
          </h2>
        </header>
        <div className="monitoring-chart-grid">
          <MetricChart title="Request rate (req/s)" history={http} metrics={REQUEST_RATE} testId="chart-request-rate" />
          <MetricChart title="Latency (ms)" history={http} metrics={LATENCY} testId="chart-latency" />
          <MetricChart title="Error rate (%)" history={http} metrics={ERROR_RATE} testId="chart-error-rate" />
        </div>
      </section>

      <RouteTable />

      <section className="card monitoring-charts" aria-labelledby="backend-charts-title" data-testid="backend-charts">
        <header className="card__header">
          <h2 id="backend-charts-title" className="card__title">
            Database and services
          </h2>
        </header>
        <div className="monitoring-chart-grid">
          <MetricChart title="Database pool (connections)" history={database} metrics={POOL} testId="chart-database-pool" />
          <MetricChart title="Service round trips (ms)" history={services} metrics={ROUND_TRIPS} testId="chart-round-trips" />
        </div>
      </section>

      <SlowQueries />
    </div>
  );
}
