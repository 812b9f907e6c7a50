import { REGIONS } from '@guildhall/contract';
import { CircleCheck, CirclePause, Globe, Shield } from 'lucide-react';
import { useGuildStats } from '../../api/monitoring';
import { formatCount } from '../dashboard/format';
import { StatCard } from '../dashboard/stat-card';

/** Total, Active, Inactive and Regions (spec 1 §2), from GET /api/admin/guild-stats. */
export function GuildStatCards() {
  const { data, isPending, isError } = useGuildStats();
  const isLoading = isPending && !isError;
  const regions = data ? REGIONS.filter((region) => (data.regions[region] ?? 0) > 0) : [];
  const value = (figure: number | undefined) => (figure === undefined ? '—' : formatCount(figure));

  return (
    <div className="stat-grid">
      <StatCard testId="guild-stat-total" title="Total" icon={Shield} value={value(data?.total)} isLoading={isLoading} />
      <StatCard
        testId="guild-stat-active"
        title="Active"
        icon={CircleCheck}
        tone="good"
        value={value(data?.active)}
        isLoading={isLoading}
      />
      <StatCard
        testId="guild-stat-inactive"
        title="Inactive"
        icon={CirclePause}
        tone="unknown"
        value={value(data?.inactive)}
        isLoading={isLoading}
      />
      <StatCard
        testId="guild-stat-regions"
        title="Regions"
        icon={Globe}
        value={data ? formatCount(regions.length) : '—'}
        detail={
          data && regions.length > 0 ? regions.map((r) => `${r} ${formatCount(data.regions[r] ?? 0)}`).join(' · ') : undefined
        }
        isLoading={isLoading}
      />
    </div>
  );
}
