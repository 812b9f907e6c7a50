import { REGIONS } from '@guildhall/contract';
import { CircleCheck, CirclePause, Globe, type LucideIcon, Shield } from 'lucide-react';
import { useGuildStats } from '../../api/monitoring';
import { formatCount } from '../../ui/format';
import { type FigureTone, StatCardGrid, type StatCardProps } from '../../ui/stat-card';

/** The counted figures; Regions follows them. */
const COUNTS: { key: 'total' | 'active' | 'inactive'; title: string; icon: LucideIcon; tone?: FigureTone }[] = [
  { key: 'total', title: 'Total', icon: Shield },
  { key: 'active', title: 'Active', icon: CircleCheck, tone: 'good' },
  { key: 'inactive', title: 'Inactive', icon: CirclePause, tone: 'unknown' },
];

/** Total, Active, Inactive and Regions (spec 1 §2), from GET /api/admin/guild-stats. */
export function GuildStatCards() {
  const { data, isPending, isError } = useGuildStats();
  const isLoading = isPending && !isError;
  const regions = data ? REGIONS.filter((region) => (data.regions[region] ?? 0) > 0) : [];
  const value = (figure: number | undefined) => (figure === undefined ? '—' : formatCount(figure));

  const regionList = data ? regions.map((r) => `${r} ${formatCount(data.regions[r] ?? 0)}`).join(' · ') : '';
  const cards: StatCardProps[] = [
    ...COUNTS.map(({ key, title, icon, tone }) => ({
      testId: `guild-stat-${key}`,
      title,
      icon,
      tone,
      value: value(data?.[key]),
    })),
    {
      testId: 'guild-stat-regions',
      title: 'Regions',
      icon: Globe,
      value: data ? formatCount(regions.length) : '—',
      detail: regionList || undefined,
    },
  ];
  return <StatCardGrid cards={cards} isLoading={isLoading} />;
}
