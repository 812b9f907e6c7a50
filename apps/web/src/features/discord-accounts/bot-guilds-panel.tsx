import { type BotGuild, DISCORD_ACCOUNT_MESSAGES, DISCORD_ACCOUNT_PAGE } from '@guildhall/contract';
import { Link2 } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { type BotGuildFilters, useBotGuilds } from '../../api/discord-accounts';
import { Badge, type BadgeTone } from '../../ui/badge';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { Pagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { SearchInput } from '../../ui/search-input';
import { TableScroll } from '../../ui/table-scroll';
import { formatCount } from '../dashboard/format';

const SYNC_TONES: Record<NonNullable<BotGuild['lastSync']>['status'], BadgeTone> = {
  running: 'brand',
  succeeded: 'good',
  failed: 'bad',
};
const SYNC_LABELS: Record<NonNullable<BotGuild['lastSync']>['status'], string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** The latest member sync: its state and when it ended (or started, while running); the error on hover. */
function LastSync({ sync }: { sync: BotGuild['lastSync'] }) {
  if (!sync) return <span className="muted">{DISCORD_ACCOUNT_MESSAGES.neverSynced}</span>;
  const time = sync.finishedAt ?? sync.startedAt;
  return (
    <span className="bot-guild-sync" title={sync.error ?? undefined}>
      <Badge tone={SYNC_TONES[sync.status]} dot={sync.status === 'running' ? 'pulse' : 'static'}>
        {SYNC_LABELS[sync.status]}
      </Badge>
      <time dateTime={time} title={formatDateTime(time)}>
        {formatRelative(time)}
      </time>
    </span>
  );
}

interface BotGuildsPanelProps {
  filters: BotGuildFilters;
  onChange: (change: Partial<BotGuildFilters>, replace?: boolean) => void;
}

/** The Bot guilds tab: every guild tenant with a Discord server, its members and last member sync. */
export function BotGuildsPanel({ filters, onChange }: BotGuildsPanelProps) {
  const list = useBotGuilds(filters);
  const guilds = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const handleSearch = useCallback((search: string) => onChange({ search: search || undefined }, true), [onChange]);

  return (
    <>
      <search className="filter-bar">
        <SearchInput
          value={filters.search ?? ''}
          onSearch={handleSearch}
          label="Search the bot's guilds"
          placeholder="Search by guild, server or Discord guild id"
          testId="bot-guild-search"
        />
      </search>
      <QueryState
        query={list}
        loading={DISCORD_ACCOUNT_MESSAGES.loadingBotGuilds}
        errorText={DISCORD_ACCOUNT_MESSAGES.loadBotGuildsFailed}
        isEmpty={() => guilds.length === 0}
        empty={filters.search ? DISCORD_ACCOUNT_MESSAGES.noBotGuildsMatch : DISCORD_ACCOUNT_MESSAGES.noBotGuilds}
        testId="bot-guilds"
      >
        {() => (
          <TableScroll label="The bot's guilds" isBusy={list.isFetching}>
            <table className="table" data-testid="bot-guild-table">
              <thead>
                <tr>
                  <th scope="col">Guild</th>
                  <th scope="col">Region</th>
                  <th scope="col">Discord guild ID</th>
                  <th scope="col" className="table__number">
                    Members
                  </th>
                  <th scope="col">Last member sync</th>
                  <th scope="col" className="table__actions">
                    Discovery
                  </th>
                </tr>
              </thead>
              <tbody>
                {guilds.map((guild) => (
                  <tr key={guild.guildId} data-testid="bot-guild-row">
                    <td>
                      <div className="guild-cell">
                        <span className="guild-cell__name">{guild.guildName}</span>
                        <span className="muted">{guild.server}</span>
                      </div>
                    </td>
                    <td>
                      <Badge tone="brand">{guild.region}</Badge>
                    </td>
                    <td>
                      <code>{guild.discordGuildId}</code>
                    </td>
                    <td className="table__number" data-testid="bot-guild-members">
                      {formatCount(guild.memberCount)}
                    </td>
                    <td>
                      <LastSync sync={guild.lastSync} />
                    </td>
                    <td className="table__actions">
                      <Link
                        className="icon-button"
                        to={`/admin/character-discovery?guildId=${guild.guildId}`}
                        aria-label={`Character Discovery for ${guild.guildName}`}
                        title="Character Discovery"
                      >
                        <Link2 size={16} aria-hidden="true" />
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </QueryState>
      <Pagination
        // The page whose rows are shown: while the next page loads, the previous one stays on screen.
        page={list.data?.pagination.page ?? filters.page}
        pageSize={DISCORD_ACCOUNT_PAGE.size}
        total={total}
        buttons={DISCORD_ACCOUNT_PAGE.buttons}
        onPageChange={(page) => onChange({ page })}
        testId="bot-guild-pagination"
      />
    </>
  );
}
