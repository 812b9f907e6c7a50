import type { AdminUserStatistics } from '@guildhall/contract';
import { Clock, Lock, UserCheck, Users } from 'lucide-react';
import { formatCount } from '../../ui/format';
import { StatCardGrid, type StatCardProps } from '../../ui/stat-card';

interface AdminUserStatCardsProps {
  statistics: AdminUserStatistics | undefined;
  isLoading: boolean;
}

/** Total, Active, Locked and Signed in (24 h), with the holders per role under the total. */
export function AdminUserStatCards({ statistics, isLoading }: AdminUserStatCardsProps) {
  const value = (figure: number | undefined) => (figure === undefined ? '—' : formatCount(figure));
  const byRole = statistics?.byRole
    .filter((role) => role.count > 0)
    .map((role) => `${role.label} ${formatCount(role.count)}`)
    .join(' · ');
  const cards: StatCardProps[] = [
    {
      testId: 'admin-user-stat-total',
      title: 'Total Admins',
      icon: Users,
      value: value(statistics?.total),
      detail: byRole || undefined,
    },
    {
      testId: 'admin-user-stat-active',
      title: 'Active',
      icon: UserCheck,
      tone: 'good',
      value: value(statistics?.active),
      detail: statistics ? `${formatCount(statistics.disabled)} disabled` : undefined,
    },
    {
      testId: 'admin-user-stat-locked',
      title: 'Locked',
      icon: Lock,
      tone: statistics && statistics.locked > 0 ? 'warn' : 'neutral',
      value: value(statistics?.locked),
    },
    { testId: 'admin-user-stat-recent', title: 'Signed In (24 h)', icon: Clock, value: value(statistics?.signedInLast24h) },
  ];
  return <StatCardGrid cards={cards} isLoading={isLoading} />;
}
