import { type BotGuild, DISCORD_ACCOUNT_MESSAGES, DISCORD_ACCOUNT_PAGE } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Link2 } from 'lucide-react';
import { Link } from 'react-router';
import { type BotGuildFilters, useBotGuilds } from '../../api/discord-accounts';
import { Badge, type BadgeTone } from '../../ui/badge';
import { DataTable } from '../../ui/data-table';
import { FilterBar, type FilterField } from '../../ui/filter-bar';
import { formatCount } from '../../ui/format';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { PagedList } from '../../ui/paged-list';
import type { UrlQueryChangeOptions } from '../../ui/use-url-query';

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

const COLUMNS: ColumnDef<BotGuild>[] = [
  {
    id: 'guild',
    header: 'Guild',
    cell: ({ row: { original: guild } }) => (
      <div className="guild-cell">
        <span className="guild-cell__name">{guild.guildName}</span>
        <span className="muted">{guild.server}</span>
      </div>
    ),
  },
  { id: 'region', header: 'Region', cell: ({ row }) => <Badge tone="brand">{row.original.region}</Badge> },
  { id: 'discordGuildId', header: 'Discord guild ID', cell: ({ row }) => <code>{row.original.discordGuildId}</code> },
  {
    id: 'members',
    header: 'Members',
    meta: { className: 'table__number' },
    cell: ({ row }) => <span data-testid="bot-guild-members">{formatCount(row.original.memberCount)}</span>,
  },
  { id: 'lastSync', header: 'Last member sync', cell: ({ row }) => <LastSync sync={row.original.lastSync} /> },
  {
    id: 'discovery',
    header: 'Discovery',
    meta: { className: 'table__actions' },
    cell: ({ row: { original: guild } }) => (
      <Link
        className="icon-button"
        to={`/admin/character-discovery?guildId=${guild.guildId}`}
        aria-label={`Character Discovery for ${guild.guildName}`}
        title="Character Discovery"
      >
        <Link2 size={16} aria-hidden="true" />
      </Link>
    ),
  },
];

const FIELDS: FilterField<BotGuildFilters>[] = [
  {
    kind: 'search',
    name: 'search',
    label: "Search the bot's guilds",
    placeholder: 'Search by guild, server or Discord guild id',
    testId: 'bot-guild-search',
  },
];

interface BotGuildsPanelProps {
  filters: BotGuildFilters;
  /** Writes a change to the URL (a new search or filter goes back to page 1 there). */
  onChange: (change: Partial<BotGuildFilters>, options?: UrlQueryChangeOptions) => void;
}

/** The Bot guilds tab: every guild tenant with a Discord server, its members and last member sync. */
export function BotGuildsPanel({ filters, onChange }: BotGuildsPanelProps) {
  const list = useBotGuilds(filters);

  return (
    <>
      <FilterBar values={filters} onChange={onChange} fields={FIELDS} />
      <PagedList
        query={list}
        page={filters}
        onPageChange={onChange}
        loading={DISCORD_ACCOUNT_MESSAGES.loadingBotGuilds}
        errorText={DISCORD_ACCOUNT_MESSAGES.loadBotGuildsFailed}
        empty={filters.search ? DISCORD_ACCOUNT_MESSAGES.noBotGuildsMatch : DISCORD_ACCOUNT_MESSAGES.noBotGuilds}
        testId="bot-guilds"
        buttons={DISCORD_ACCOUNT_PAGE.buttons}
        pagerTestId="bot-guild-pagination"
      >
        {(guilds) => (
          <DataTable
            columns={COLUMNS}
            rows={guilds}
            getRowId={(guild) => guild.guildId}
            label="The bot's guilds"
            testId="bot-guild-table"
            rowAttributes={() => ({ 'data-testid': 'bot-guild-row' })}
            isStacked
            isBusy={list.isFetching}
          />
        )}
      </PagedList>
    </>
  );
}
