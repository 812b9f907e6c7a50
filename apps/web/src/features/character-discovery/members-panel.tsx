import { type DiscoveryMember, type LinkedCharacter, MESSAGES } from '@guildhall/contract';
import { errorMessage } from '../../api/api-error';
import { useDiscoveryMembers } from '../../api/character-discovery';
import { Badge } from '../../ui/badge';
import { SearchInput } from '../../ui/search-input';
import { Spinner } from '../../ui/spinner';
import { MemberCard } from './member-card';
import { useLoadErrorToast } from './use-load-error-toast';

interface MembersPanelProps {
  guildId: string;
  search: string;
  onSearch: (search: string) => void;
  expandedIds: ReadonlySet<string>;
  onToggle: (memberId: string) => void;
  isDragActive: boolean;
  /** Characters being linked, by the Discord user id they go to. */
  pendingByUser: ReadonlyMap<string, string[]>;
  onDropCharacter: (characterId: string, member: DiscoveryMember) => void;
  onUnlink: (character: LinkedCharacter, member: DiscoveryMember) => void;
}

/** The right panel: the guild's current Discord members, each a drop zone and expandable to its links. */
export function MembersPanel({ guildId, search, onSearch, pendingByUser, expandedIds, ...cardProps }: MembersPanelProps) {
  const list = useDiscoveryMembers(guildId, search);
  useLoadErrorToast(list.error, MESSAGES.fetchDiscordMembersFailed);
  const pages = list.data?.pages ?? [];
  const members = pages.flatMap((page) => page.members);
  const total = pages[0]?.total;

  return (
    <section className="discovery-panel" aria-labelledby="members-title" data-testid="members-panel">
      <header className="discovery-panel__header">
        <h2 id="members-title" className="discovery-panel__title">
          Discord members
        </h2>
        {total !== undefined && (
          <Badge tone="neutral">{search ? `${total.toLocaleString()} shown` : total.toLocaleString()}</Badge>
        )}
      </header>
      <search className="filter-bar discovery-filters">
        <SearchInput
          value={search}
          onSearch={onSearch}
          label="Search members"
          placeholder="Username, global name or nickname"
          testId="member-search"
        />
      </search>
      <div className="discovery-panel__body" aria-busy={list.isFetching}>
        {list.isPending && (
          <div className="table-empty">
            <Spinner label="Loading members..." />
          </div>
        )}
        {list.isError && !list.data && (
          <div className="table-empty" role="alert">
            <p className="discovery-error__title">{MESSAGES.fetchDiscordMembersFailed}</p>
            <p>{errorMessage(list.error, MESSAGES.fetchDiscordMembersFailed)}</p>
            <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
              Retry
            </button>
          </div>
        )}
        {list.isSuccess && members.length === 0 && (
          <p className="table-empty" data-testid="members-empty">
            {search ? 'No members match this search.' : 'No Discord members yet. Sync them from Discord.'}
          </p>
        )}
        <ul className="member-list">
          {members.map((member) => (
            <li key={member.id}>
              <MemberCard
                member={member}
                isExpanded={expandedIds.has(member.id)}
                pendingNames={pendingByUser.get(member.discordUserId) ?? []}
                {...cardProps}
              />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage
              ? 'Loading...'
              : `Show more (${members.length.toLocaleString()} of ${(total ?? 0).toLocaleString()})`}
          </button>
        )}
      </div>
    </section>
  );
}
