import type { MetricName } from '@guildhall/contract';
import { useMetricsHistory } from '../../api/metrics';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AlertRulesPanel } from './alert-rules-panel';
import { MetricChart } from './metric-chart';
import { MetricChartsCard, useMetricRange } from './metric-charts-card';
import { RecentAlerts } from './recent-alerts';
import { ServiceHealth } from './service-health';
import { SystemCards } from './system-cards';
import '../../styles/monitoring.css';

const CPU: MetricName[] = ['system.cpu_percent', 'system.process_cpu_percent'];
const MEMORY: MetricName[] = ['system.memory_percent'];
const LOAD: MetricName[] = ['system.load_1m'];
const EVENT_LOOP: MetricName[] = ['system.event_loop_lag_ms'];
const PROCESS_MEMORY: MetricName[] = ['system.heap_used_bytes', 'system.rss_bytes'];

/** /admin/monitoring/system: the host and process now, the services, the system charts, alerts and alert rules. */
export function SystemMonitoringPage() {
  useDocumentTitle('System');
  const { range, picker } = useMetricRange();
  const history = useMetricsHistory('system', range);

  return (
    <div className="page monitoring-page">
      <PageHeader title="System" lead="The host and this server process, the services it depends on, and the alerts they raise" />

      <SystemCards />
      <ServiceHealth />

      <MetricChartsCard title="History" testId="system-charts" actions={picker}>
        <MetricChart title="CPU (%)" history={history} metrics={CPU} testId="chart-cpu" />
        <MetricChart title="Memory (%)" history={history} metrics={MEMORY} testId="chart-memory" />
        <MetricChart title="Load (1 min)" history={history} metrics={LOAD} testId="chart-load" />
        <MetricChart title="Event-loop lag (ms)" history={history} metrics={EVENT_LOOP} testId="chart-event-loop" />
        <MetricChart title="Process memory (bytes)" history={history} metrics={PROCESS_MEMORY} testId="chart-process-memory" />
      </MetricChartsCard>

      <RecentAlerts />
      <AlertRulesPanel />
    </div>
  );
}
