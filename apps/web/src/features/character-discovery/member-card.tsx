import { DISCOVERY_MESSAGES, type DiscoveryMember, type LinkedCharacter } from '@guildhall/contract';
import { ChevronDown, LoaderCircle } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { CHARACTER_DRAG_TYPE, isCharacterDrag } from './drag-data';
import { LinkedCharacterRow } from './linked-character-row';
import '../../styles/character-identity.css';
import '../../styles/character-cards.css';

interface MemberCardProps {
  member: DiscoveryMember;
  isExpanded: boolean;
  onToggle: (memberId: string) => void;
  /** A character card is being dragged somewhere on the page. */
  isDragActive: boolean;
  /** Names of characters being linked to this member right now. */
  pendingNames: readonly string[];
  onDropCharacter: (characterId: string, member: DiscoveryMember) => void;
  onUnlink: (character: LinkedCharacter, member: DiscoveryMember) => void;
}

/** A Discord member: a drop zone for character cards, expandable to the characters linked to them. */
export function MemberCard({
  member,
  isExpanded,
  onToggle,
  isDragActive,
  pendingNames,
  onDropCharacter,
  onUnlink,
}: MemberCardProps) {
  const [isOver, setIsOver] = useState(false);
  // dragenter and dragleave fire for every child crossed; the count says when the pointer really left.
  const depth = useRef(0);
  const listId = useId();
  const linked = member.linkedCharacters;
  const names = [member.username, member.globalName].filter((name) => name && name !== member.displayName);

  function handleDragEnter(event: DragEvent<HTMLElement>) {
    if (!isCharacterDrag(event.dataTransfer.types)) return;
    depth.current += 1;
    setIsOver(true);
  }

  function handleDragOver(event: DragEvent<HTMLElement>) {
    if (!isCharacterDrag(event.dataTransfer.types)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'link';
  }

  function handleDragLeave(event: DragEvent<HTMLElement>) {
    if (!isCharacterDrag(event.dataTransfer.types)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setIsOver(false);
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    const characterId = event.dataTransfer.getData(CHARACTER_DRAG_TYPE);
    depth.current = 0;
    setIsOver(false);
    if (!characterId) return;
    event.preventDefault();
    onDropCharacter(characterId, member);
  }

  const stateClass = isOver ? ' member-card--over' : isDragActive ? ' member-card--droppable' : '';
  return (
    <article
      className={`member-card${stateClass}`}
      data-testid="member-card"
      data-member-id={member.id}
      data-discord-user-id={member.discordUserId}
      data-drop-state={isOver ? 'over' : isDragActive ? 'ready' : 'idle'}
      aria-label={`${member.displayName}: drop a character here to link it`}
      onDragEnter={handleDragEnter}
      onDragOver={handleDragOver}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
    >
      <button
        type="button"
        className="member-card__toggle"
        aria-expanded={isExpanded}
        aria-controls={listId}
        onClick={() => onToggle(member.id)}
        data-testid="member-toggle"
      >
        <Avatar name={member.displayName} url={member.avatarUrl} />
        <span className="member-card__names">
          <span className="member-card__display-name">{member.displayName}</span>
          <span className="member-card__username">
            {names.map((name) => (name === member.username ? `@${name}` : name)).join(' · ')}
          </span>
        </span>
        <Badge tone={linked.length > 0 ? 'brand' : 'neutral'}>{linked.length} linked</Badge>
        <ChevronDown className="member-card__chevron" size={18} aria-hidden="true" />
      </button>
      {pendingNames.length > 0 && (
        <p className="member-card__pending" role="status">
          <LoaderCircle className="spinner__icon" size={14} aria-hidden="true" />
          Linking {pendingNames.join(', ')}…
        </p>
      )}
      <div id={listId} className="member-card__body" hidden={!isExpanded}>
        {linked.length > 0 ? (
          <ul className="member-card__linked">
            {linked.map((character) => (
              <LinkedCharacterRow key={character.linkId} character={character} onUnlink={(item) => onUnlink(item, member)} />
            ))}
          </ul>
        ) : (
          <p className="member-card__empty">{DISCOVERY_MESSAGES.dropHint}</p>
        )}
      </div>
      {!isExpanded && isOver && <p className="member-card__drop-hint">Drop to link to {member.displayName}</p>}
    </article>
  );
}
