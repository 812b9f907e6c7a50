import { type DiscoveryMember, type LinkedCharacter, MESSAGES } from '@guildhall/contract';
import { useDiscoveryMembers } from '../../api/character-discovery';
import { SearchInput } from '../../ui/search-input';
import { DiscoveryPanel } from './discovery-panel';
import { MemberCard } from './member-card';
import '../../styles/character-cards.css';

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
  const pages = list.data?.pages ?? [];
  const members = pages.flatMap((page) => page.members);

  return (
    <DiscoveryPanel
      name="members"
      title="Discord members"
      list={list}
      total={pages[0]?.total}
      count={members.length}
      isFiltered={Boolean(search)}
      filters={
        <search className="filter-bar discovery-filters">
          <SearchInput
            value={search}
            onSearch={onSearch}
            label="Search members"
            placeholder="Username, global name or nickname"
            testId="member-search"
          />
        </search>
      }
      loadingLabel="Loading members..."
      errorTitle={MESSAGES.fetchDiscordMembersFailed}
      emptyText={search ? 'No members match this search.' : 'No Discord members yet. Sync them from Discord.'}
      listClassName="member-list"
    >
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
    </DiscoveryPanel>
  );
}
