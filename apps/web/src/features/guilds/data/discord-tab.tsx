import type { ColumnDef } from '@tanstack/react-table';
import { Link2, Percent, Users } from 'lucide-react';
import { useGuildDiscordMembers } from '../../../api/guild-data';
import { DataTable } from '../../../ui/data-table';
import { formatCount } from '../../../ui/format';
import { formatDateTime, formatRelative } from '../../../ui/format-date';
import { formatShare } from '../../../ui/format-number';
import { EmptyHint } from '../../../ui/query-state';
import { SearchInput } from '../../../ui/search-input';
import { StatCard } from '../../../ui/stat-card';
import { DataTabPagination } from './data-tab-pagination';
import { DataTabState } from './data-tab-state';
import { useTabQuery } from './use-tab-query';

type DiscordMember = NonNullable<ReturnType<typeof useGuildDiscordMembers>['data']>['members'][number];

const COLUMNS: ColumnDef<DiscordMember>[] = [
  { id: 'username', header: 'Username', meta: { cellClassName: 'table__strong' }, cell: ({ row }) => row.original.username },
  { id: 'displayName', header: 'Display name', cell: ({ row }) => row.original.global_name ?? '—' },
  { id: 'nickname', header: 'Nickname', cell: ({ row }) => row.original.nickname ?? '—' },
  {
    id: 'joined',
    header: 'Joined',
    cell: ({ row: { original: member } }) => (
      <time dateTime={member.joined_at ?? undefined} title={formatDateTime(member.joined_at)}>
        {member.joined_at ? formatRelative(member.joined_at) : '—'}
      </time>
    ),
  },
  {
    id: 'linkedCharacters',
    header: 'Linked characters',
    meta: { className: 'table__number' },
    cell: ({ row }) => formatCount(row.original.linkedCharacters),
  },
];

/** The guild's Discord members, how many have linked characters, searchable and paged. */
export function DiscordTab({ guildId }: { guildId: string }) {
  const tab = useTabQuery();
  const { list, setSearch } = tab;
  const query = useGuildDiscordMembers(guildId, list);

  return (
    <DataTabState query={query} loading="Loading Discord members..." testId="guild-discord-state">
      {({ members, totals, total }) => (
        <div className="data-tab">
          <div className="stat-grid">
            <StatCard testId="guild-discord-members" title="Members" icon={Users} value={formatCount(totals.members)} />
            <StatCard testId="guild-discord-linked" title="Linked" icon={Link2} value={formatCount(totals.linked)} />
            <StatCard
              testId="guild-discord-linked-share"
              title="Linked Share"
              icon={Percent}
              tone={totals.linkedShare >= 0.5 ? 'good' : 'warn'}
              value={formatShare(totals.linkedShare)}
              meter={totals.linkedShare * 100}
              detail="Members with at least one linked character"
            />
          </div>
          <SearchInput
            value={list.search ?? ''}
            onSearch={setSearch}
            label="Search members"
            placeholder="Search by username or nickname"
          />
          {members.length === 0 ? (
            <EmptyHint>
              {list.search ? 'No members match this search.' : 'No Discord members synced for this guild yet.'}
            </EmptyHint>
          ) : (
            <DataTable
              columns={COLUMNS}
              rows={members}
              getRowId={(member) => String(member.id)}
              label="Discord members"
              testId="guild-discord-table"
              isBusy={query.isFetching}
            />
          )}
          <DataTabPagination paging={tab} total={total} testId="discord-pagination" />
        </div>
      )}
    </DataTabState>
  );
}
