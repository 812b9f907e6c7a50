import type { GuildDataSummary, GuildTenant } from '@guildhall/contract';
import { Clock, Coins, MessagesSquare, Swords, Users } from 'lucide-react';
import { formatCount } from '../../../ui/format';
import { formatDateTime, formatRelative } from '../../../ui/format-date';
import { formatBytes } from '../../../ui/format-number';
import { StatCard } from '../../../ui/stat-card';
import { AdminInviteLinks } from '../../guild-invites/admin-invite-links';

/** Count cards, storage usage and recent activity (spec 1 §2), then the guild's invite links. */
export function OverviewTab({ guild, summary }: { guild: GuildTenant; summary: GuildDataSummary }) {
  const { counts, storage, activity } = summary;
  const activities = [
    ['Last loot entry', activity.last_loot_entry],
    ['Last raid event', activity.last_raid_event],
    ['Last character update', activity.last_character_update],
  ] as const;

  return (
    <div className="data-tab">
      <div className="stat-grid" data-testid="guild-data-counts">
        <StatCard testId="guild-data-count-characters" title="Characters" icon={Users} value={formatCount(counts.characters)} />
        <StatCard testId="guild-data-count-loot" title="Loot Entries" icon={Coins} value={formatCount(counts.loot_entries)} />
        <StatCard testId="guild-data-count-raids" title="Raid Events" icon={Swords} value={formatCount(counts.raid_events)} />
        <StatCard
          testId="guild-data-count-discord"
          title="Discord Users"
          icon={MessagesSquare}
          value={formatCount(counts.discord_users)}
        />
      </div>
      <div className="data-columns">
        <section className="panel" aria-labelledby="storage-usage-title" data-testid="guild-data-storage">
          <h3 id="storage-usage-title" className="panel__title">
            Storage Usage
          </h3>
          <dl className="facts">
            <div>
              <dt>Database records</dt>
              <dd>{formatCount(storage.database_records)}</dd>
            </div>
            <div>
              <dt>File size</dt>
              <dd>{formatBytes(storage.file_size)}</dd>
            </div>
            <div>
              <dt>Cache size</dt>
              <dd>{formatBytes(storage.cache_size)}</dd>
            </div>
          </dl>
        </section>
        <section className="panel" aria-labelledby="recent-activity-title" data-testid="guild-data-activity">
          <h3 id="recent-activity-title" className="panel__title">
            Recent Activity
          </h3>
          <ul className="activity-list">
            {activities.map(([label, time]) => (
              <li key={label} className="activity-list__item">
                <Clock size={16} aria-hidden="true" className="activity-list__icon" />
                <span className="activity-list__label">{label}</span>
                <time dateTime={time ?? undefined} title={formatDateTime(time)} className="activity-list__time">
                  {formatRelative(time)}
                </time>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <AdminInviteLinks guild={guild} />
    </div>
  );
}
