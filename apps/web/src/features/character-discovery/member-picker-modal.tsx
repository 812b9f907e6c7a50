import type { DiscoveryCharacter, DiscoveryMember } from '@guildhall/contract';
import { useState } from 'react';
import { useDiscoveryMembers } from '../../api/character-discovery';
import { Avatar } from '../../ui/avatar';
import { Modal } from '../../ui/modal';
import { LoadMore } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { SearchInput } from '../../ui/search-input';
import '../../styles/character-cards.css';

interface MemberPickerModalProps {
  guildId: string;
  character: DiscoveryCharacter | null;
  onPick: (character: DiscoveryCharacter, member: DiscoveryMember) => void;
  onClose: () => void;
}

/** The keyboard way to link: pick the member a character goes to from a searchable list. */
export function MemberPickerModal({ guildId, character, onPick, onClose }: MemberPickerModalProps) {
  const [search, setSearch] = useState('');
  const list = useDiscoveryMembers(character ? guildId : null, search);
  const members = list.data?.pages.flatMap((page) => page.members) ?? [];

  function handleClose() {
    setSearch('');
    onClose();
  }

  return (
    <Modal isOpen={character !== null} title={character ? `Link ${character.name} to a member` : 'Link'} onClose={handleClose}>
      <div className="member-picker" data-testid="member-picker">
        <SearchInput
          value={search}
          onSearch={setSearch}
          label="Search members"
          placeholder="Username, global name or nickname"
          autoFocus
        />
        <QueryState
          query={list}
          loading="Loading members..."
          errorText="Failed to load the members"
          isEmpty={() => members.length === 0}
          empty="No members match this search."
          testId="member-picker"
        >
          {() => (
            <ul className="member-picker__list">
              {members.map((member) => (
                <li key={member.id}>
                  <button
                    type="button"
                    className="member-picker__option"
                    onClick={() => {
                      if (!character) return;
                      setSearch('');
                      onPick(character, member);
                    }}
                  >
                    <Avatar name={member.displayName} url={member.avatarUrl} size={30} />
                    <span className="member-picker__names">
                      <span className="member-picker__display-name">{member.displayName}</span>
                      <span className="muted">@{member.username}</span>
                    </span>
                    <span className="muted">{member.linkedCharacters.length} linked</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <LoadMore
          hasMore={list.hasNextPage}
          isLoading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          label="Show more members"
        />
      </div>
    </Modal>
  );
}
