import { GUILD_DATA_LIMITS, type GuildDataSummary } from '@guildhall/contract';
import { CalendarClock, Coins, Gem } from 'lucide-react';
import { formatCount } from '../../../ui/format';
import { formatDateTime, formatRelative } from '../../../ui/format-date';
import { EmptyHint } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';

/** Totals, unique items, drops in the last 30 days and the 5 most recent (spec 1 §2). */
export function LootTab({ summary }: { summary: GuildDataSummary }) {
  const { loot } = summary;
  return (
    <div className="data-tab">
      <div className="stat-grid">
        <StatCard testId="guild-loot-total" title="Total Entries" icon={Coins} value={formatCount(loot.total_entries)} />
        <StatCard testId="guild-loot-unique" title="Unique Items" icon={Gem} value={formatCount(loot.unique_items)} />
        <StatCard
          testId="guild-loot-recent"
          title={`Drops (last ${GUILD_DATA_LIMITS.recentDropsDays} days)`}
          icon={CalendarClock}
          value={formatCount(loot.recent_drops)}
        />
      </div>
      <section className="panel" aria-labelledby="recent-loot-title">
        <h3 id="recent-loot-title" className="panel__title">
          {GUILD_DATA_LIMITS.recentLoot} Most Recent
        </h3>
        {loot.recent.length === 0 ? (
          <EmptyHint>No loot recorded yet.</EmptyHint>
        ) : (
          <ul className="loot-list" data-testid="guild-loot-recent-list">
            {loot.recent.map((entry) => (
              <li key={`${entry.timestamp}-${entry.item_name}-${entry.character_name}`} className="loot-list__item">
                <Gem size={16} aria-hidden="true" className="loot-list__icon" />
                <span className="loot-list__item-name">{entry.item_name}</span>
                <span className="loot-list__character">{entry.character_name}</span>
                <time dateTime={entry.timestamp} title={formatDateTime(entry.timestamp)} className="loot-list__time">
                  {formatRelative(entry.timestamp)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
