import type { MetricName } from '@guildhall/contract';
import { useMetricsHistory } from '../../api/metrics';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { MetricChart } from './metric-chart';
import { MetricChartsCard, useMetricRange } from './metric-charts-card';
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
  const { range, picker } = useMetricRange();
  const http = useMetricsHistory('http', range);
  const database = useMetricsHistory('database', range);
  const services = useMetricsHistory('services', range);

  return (
    <div className="page monitoring-page">
      <PageHeader
        title="Performance"
        lead="How fast the server answers, where it spends its time, and what the database waits on"
      >
        <div className="monitoring-page__actions">{picker}</div>
      </PageHeader>

      <MetricChartsCard title="Requests" testId="http-charts">
        <MetricChart title="Request rate (req/s)" history={http} metrics={REQUEST_RATE} testId="chart-request-rate" />
        <MetricChart title="Latency (ms)" history={http} metrics={LATENCY} testId="chart-latency" />
        <MetricChart title="Error rate (%)" history={http} metrics={ERROR_RATE} testId="chart-error-rate" />
      </MetricChartsCard>

      <RouteTable />

      <MetricChartsCard title="Database and services" testId="backend-charts">
        <MetricChart title="Database pool (connections)" history={database} metrics={POOL} testId="chart-database-pool" />
        <MetricChart title="Service round trips (ms)" history={services} metrics={ROUND_TRIPS} testId="chart-round-trips" />
      </MetricChartsCard>

      <SlowQueries />
    </div>
  );
}
