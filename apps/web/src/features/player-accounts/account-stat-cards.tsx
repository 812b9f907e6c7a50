import type { PlayerStatistics } from '@guildhall/contract';
import { Gamepad2, Link2, MessageCircle, Users } from 'lucide-react';
import { formatCount } from '../../ui/format';
import { type FigureTone, StatCardGrid, type StatCardProps } from '../../ui/stat-card';
import { formatRate } from './account-text';

interface AccountStatCardsProps {
  statistics: PlayerStatistics | undefined;
  isLoading: boolean;
}

/** Total Accounts, Discord Linked, Battle.net Linked and Fully Linked, each linked count with its rate (spec 2 §2). */
export function AccountStatCards({ statistics, isLoading }: AccountStatCardsProps) {
  const value = (figure: number | undefined) => (figure === undefined ? '—' : formatCount(figure));
  const rated: { key: 'discord' | 'battlenet' | 'full'; title: string; figure?: number; icon: typeof Users; tone: FigureTone }[] =
    [
      { key: 'discord', title: 'Discord Linked', figure: statistics?.discordLinked, icon: MessageCircle, tone: 'neutral' },
      { key: 'battlenet', title: 'Battle.net Linked', figure: statistics?.battlenetLinked, icon: Gamepad2, tone: 'neutral' },
      { key: 'full', title: 'Fully Linked', figure: statistics?.fullyLinked, icon: Link2, tone: 'good' },
    ];
  const cards: StatCardProps[] = [
    { testId: 'account-stat-total', title: 'Total Accounts', icon: Users, value: value(statistics?.total) },
    ...rated.map(({ key, title, figure, icon, tone }) => ({
      testId: `account-stat-${key}`,
      title,
      icon,
      tone,
      value: value(figure),
      detail: statistics ? `${formatRate(statistics.linkingRate[key])} of accounts` : undefined,
    })),
  ];
  return <StatCardGrid cards={cards} isLoading={isLoading} />;
}
