import { type DiscoveryMember, type LinkedCharacter, MESSAGES } from '@guildhall/contract';
import { useDiscoveryMembers } from '../../api/character-discovery';
import { FilterBar, type FilterField } from '../../ui/filter-bar';
import { DiscoveryPanel } from './discovery-panel';
import type { DiscoveryParams } from './discovery-query';
import { MemberCard } from './member-card';
import '../../styles/character-cards.css';

const MEMBER_FIELDS: FilterField<Pick<DiscoveryParams, 'member'>>[] = [
  {
    kind: 'search',
    name: 'member',
    label: 'Search members',
    placeholder: 'Username, global name or nickname',
    testId: 'member-search',
  },
];

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
        <FilterBar
          values={{ member: search }}
          onChange={(change) => onSearch(change.member ?? '')}
          fields={MEMBER_FIELDS}
          className="discovery-filters"
        />
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
