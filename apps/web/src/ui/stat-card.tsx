import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import '../styles/stat-card.css';

/** The colour of a figure, as the status tones. */
export type FigureTone = 'good' | 'warn' | 'bad' | 'unknown' | 'neutral';

/** One figure of a stat grid, described as data. */
export interface StatCardProps {
  testId: string;
  title: string;
  icon: LucideIcon;
  value: ReactNode;
  tone?: FigureTone;
  /** A line of detail under the figure. */
  detail?: ReactNode;
  /** A bar from 0 to 100 under the figure. */
  meter?: number;
  isLoading?: boolean;
}

/** One figure of the dashboard with its title, colour and detail. */
export function StatCard({ testId, title, icon: Icon, value, tone = 'neutral', detail, meter, isLoading }: StatCardProps) {
  return (
    <section className={`stat-card stat-card--${tone}`} data-testid={testId} data-tone={tone} aria-busy={isLoading}>
      <header className="stat-card__header">
        <h2 className="stat-card__title">{title}</h2>
        <span className="stat-card__icon" aria-hidden="true">
          <Icon size={20} />
        </span>
      </header>
      <p className="stat-card__value">{isLoading ? <span className="skeleton skeleton--value" /> : value}</p>
      {meter !== undefined && (
        <div className="meter" aria-hidden="true">
          <span className="meter__fill" style={{ width: `${Math.min(100, Math.max(0, meter))}%` }} />
        </div>
      )}
      {detail && <p className="stat-card__detail">{isLoading ? <span className="skeleton skeleton--line" /> : detail}</p>}
    </section>
  );
}

interface StatCardGridProps {
  cards: readonly StatCardProps[];
  /** While the figures load, every card shows its skeleton. */
  isLoading?: boolean;
  className?: string;
}

/** A row of figure cards described as data: the screens' headline numbers. */
export function StatCardGrid({ cards, isLoading, className = 'stat-grid' }: StatCardGridProps) {
  return (
    <div className={className}>
      {cards.map((card) => (
        <StatCard key={card.testId} isLoading={isLoading} {...card} />
      ))}
    </div>
  );
}
