import { cpuTone, healthReasonText } from '@guildhall/contract';
import { Activity, Cpu, Shield, Users } from 'lucide-react';
import { useGuildStats, useSystemPerformance, useUserStats } from '../../api/monitoring';
import { HEALTH_TONES, useHealthVerdict } from '../../live/use-health-verdict';
import { formatCount, formatPercent, formatStatus } from '../../ui/format';
import { StatCard } from '../../ui/stat-card';

/**
 * System Health, Active Guilds, Total Users and CPU Usage (spec 1 §2). The server computes one verdict a tick from
 * the figures it reports; System Health and CPU Usage show the newest of the poll and the live push
 * (`useHealthVerdict`), as the sidebar's status does, so the card, its CPU figure and the sidebar never disagree.
 */
export function StatCards() {
  const system = useSystemPerformance();
  const guilds = useGuildStats();
  const users = useUserStats();
  const performance = system.data?.system;
  const verdict = useHealthVerdict();
  const overall = verdict?.overall;
  // Not healthy: why, and for how long ("CPU 98 % for 30 s"), in place of the memory line.
  const why = verdict ? healthReasonText(verdict.reasons, verdict.overallSince) : null;

  return (
    <div className="stat-grid">
      <StatCard
        testId="stat-card-system-health"
        title="System Health"
        icon={Activity}
        value={overall ? formatStatus(overall) : '—'}
        tone={overall ? HEALTH_TONES[overall] : 'unknown'}
        detail={why ?? (performance ? `Memory ${formatPercent(performance.memoryUsage)}` : 'Memory —')}
        isLoading={!verdict && system.isPending && !system.isError}
      />
      <StatCard
        testId="stat-card-active-guilds"
        title="Active Guilds"
        icon={Shield}
        value={guilds.data ? formatCount(guilds.data.active) : '—'}
        detail={guilds.data ? `of ${formatCount(guilds.data.total)} guilds` : undefined}
        isLoading={guilds.isPending && !guilds.isError}
      />
      <StatCard
        testId="stat-card-total-users"
        title="Total Users"
        icon={Users}
        value={users.data ? formatCount(users.data.total) : '—'}
        detail={
          users.data
            ? `${formatCount(users.data.discordMembers)} Discord members · ${formatCount(users.data.admins)} admins`
            : undefined
        }
        isLoading={users.isPending && !users.isError}
      />
      <StatCard
        testId="stat-card-cpu-usage"
        title="CPU Usage"
        icon={Cpu}
        value={verdict ? formatPercent(verdict.cpuPercent) : '—'}
        tone={verdict ? cpuTone(verdict.cpuPercent) : 'unknown'}
        meter={verdict?.cpuPercent}
        detail={
          performance
            ? `${performance.requestsPerSecond.toFixed(1)} req/s · ${formatPercent(performance.errorRate)} errors`
            : undefined
        }
        isLoading={!verdict && system.isPending && !system.isError}
      />
    </div>
  );
}
