import { MESSAGES } from '@guildhall/contract';
import { Link2, Percent, Users } from 'lucide-react';
import { GUILD_DATA_PAGE_SIZE, useGuildDiscordMembers } from '../../../api/guild-data';
import { formatDateTime, formatRelative } from '../../../ui/format-date';
import { formatShare } from '../../../ui/format-number';
import { Pagination } from '../../../ui/pagination';
import { EmptyHint, QueryState } from '../../../ui/query-state';
import { SearchInput } from '../../../ui/search-input';
import { TableScroll } from '../../../ui/table-scroll';
import { formatCount } from '../../dashboard/format';
import { StatCard } from '../../dashboard/stat-card';
import { useTabQuery } from './use-tab-query';

/** The guild's Discord members, how many have linked characters, searchable and paged. */
export function DiscordTab({ guildId }: { guildId: string }) {
  const { page, search, setPage, setSearch } = useTabQuery();
  const query = useGuildDiscordMembers(guildId, page, search);

  return (
    <QueryState
      query={query}
      loading="Loading Discord members..."
      errorText={MESSAGES.loadGuildDataFailed}
      testId="guild-discord-state"
    >
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
          <SearchInput value={search} onSearch={setSearch} label="Search members" placeholder="Search by username or nickname" />
          {members.length === 0 ? (
            <EmptyHint>{search ? 'No members match this search.' : 'No Discord members synced for this guild yet.'}</EmptyHint>
          ) : (
            <TableScroll label="Discord members" isBusy={query.isFetching}>
              <table className="table" data-testid="guild-discord-table">
                <thead>
                  <tr>
                    <th>Username</th>
                    <th>Display name</th>
                    <th>Nickname</th>
                    <th>Joined</th>
                    <th className="table__number">Linked characters</th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((member) => (
                    <tr key={member.id}>
                      <td className="table__strong">{member.username}</td>
                      <td>{member.global_name ?? '—'}</td>
                      <td>{member.nickname ?? '—'}</td>
                      <td>
                        <time dateTime={member.joined_at ?? undefined} title={formatDateTime(member.joined_at)}>
                          {member.joined_at ? formatRelative(member.joined_at) : '—'}
                        </time>
                      </td>
                      <td className="table__number">{formatCount(member.linkedCharacters)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {total > GUILD_DATA_PAGE_SIZE && (
            <Pagination
              page={page}
              pageSize={GUILD_DATA_PAGE_SIZE}
              total={total}
              onPageChange={setPage}
              testId="discord-pagination"
            />
          )}
        </div>
      )}
    </QueryState>
  );
}
