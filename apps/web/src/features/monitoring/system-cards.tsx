import { cpuTone, METRIC_CATALOG, type MetricName } from '@guildhall/contract';
import { Activity, Clock, Cpu, Gauge, Layers, MemoryStick, Timer } from 'lucide-react';
import { errorMessage } from '../../api/api-error';
import { useCurrentMetrics } from '../../api/metrics';
import { useSystemPerformance } from '../../api/monitoring';
import { formatBytes } from '../../ui/format-number';
import { StatCardGrid, type StatCardProps } from '../../ui/stat-card';
import { formatMetric, formatUptime } from './metric-format';

/** Event-loop lag that a person would notice in response times (ms): amber above, red above the second. */
const LAG_MS = { warn: 50, bad: 200 } as const;

function lagTone(ms: number | undefined) {
  if (ms === undefined) return 'unknown';
  if (ms > LAG_MS.bad) return 'bad';
  if (ms > LAG_MS.warn) return 'warn';
  return 'good';
}

/**
 * The host and this server process, from the latest sample (read again at each sampling interval), with the
 * host's uptime, memory size and longer load averages from the system figures.
 */
export function SystemCards() {
  const current = useCurrentMetrics();
  const system = useSystemPerformance();
  const values = current.data?.sample.values ?? {};
  const host = system.data?.system;
  const isLoading = current.isPending && !current.isError;
  const value = (name: MetricName) => formatMetric(values[name], METRIC_CATALOG[name].unit);
  const cpu = values['system.cpu_percent'];
  const memory = values['system.memory_percent'];
  const sampledAt = current.data?.sample.timestamp;

  const loadDetail =
    host && host.loadAverage.length >= 3
      ? `5 min ${host.loadAverage[1]!.toFixed(2)} · 15 min ${host.loadAverage[2]!.toFixed(2)}`
      : '1 min average';
  const cards: StatCardProps[] = [
    {
      testId: 'metric-card-cpu',
      title: 'CPU',
      icon: Cpu,
      value: value('system.cpu_percent'),
      tone: cpu === undefined ? 'unknown' : cpuTone(cpu),
      detail: 'Host, all cores',
    },
    {
      testId: 'metric-card-memory',
      title: 'Memory',
      icon: MemoryStick,
      value: value('system.memory_percent'),
      tone: memory === undefined ? 'unknown' : cpuTone(memory),
      detail: host ? `${formatBytes(host.memory.used)} of ${formatBytes(host.memory.total)}` : 'Host memory in use',
    },
    { testId: 'metric-card-load', title: 'Load', icon: Gauge, value: value('system.load_1m'), detail: loadDetail },
    {
      testId: 'metric-card-uptime',
      title: 'Uptime',
      icon: Clock,
      value: formatUptime(host?.uptime),
      detail: host ? `Server process ${formatUptime(host.process.uptime)}` : 'Host',
      // The host's figures come with the system call, not the latest sample.
      isLoading: system.isPending && !system.isError,
    },
    {
      testId: 'metric-card-process-cpu',
      title: 'Process CPU',
      icon: Activity,
      value: value('system.process_cpu_percent'),
      detail: 'This server process',
    },
    {
      testId: 'metric-card-heap',
      title: 'Heap used',
      icon: Layers,
      value: value('system.heap_used_bytes'),
      detail: `Resident ${value('system.rss_bytes')}`,
    },
    {
      testId: 'metric-card-event-loop',
      title: 'Event-loop lag',
      icon: Timer,
      value: value('system.event_loop_lag_ms'),
      tone: lagTone(values['system.event_loop_lag_ms']),
      detail: 'p99 over the interval',
    },
  ];

  return (
    <section className="monitoring-section" aria-labelledby="host-process-title">
      <header className="monitoring-section__header">
        <h2 id="host-process-title" className="monitoring-section__title">
          Host and process
        </h2>
        {sampledAt && (
          <span className="muted" data-testid="sample-time">
            Sampled at <time dateTime={sampledAt}>{new Date(sampledAt).toLocaleTimeString()}</time>
            {current.data && ` · ${current.data.sample.instance}`}
          </span>
        )}
      </header>
      {current.isError && !current.data && (
        <p className="alert alert--error" role="alert">
          Failed to load current metrics: {errorMessage(current.error)}
        </p>
      )}
      <StatCardGrid className="stat-grid monitoring-cards" cards={cards} isLoading={isLoading} />
    </section>
  );
}
