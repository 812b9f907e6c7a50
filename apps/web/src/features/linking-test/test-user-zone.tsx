import { Star, Unlink } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { Avatar } from '../../ui/avatar';
import { CharacterName } from '../character-discovery/character-name';
import { CHARACTER_DRAG_TYPE, isCharacterDrag } from '../character-discovery/drag-data';
import type { SampleChatUser, SampleLinkedCharacter } from './linking-types';
import '../../styles/character-identity.css';
import '../../styles/linking-test.css';

interface TestUserZoneProps {
  user: SampleChatUser;
  onDropCharacters: (characterIds: string[], user: SampleChatUser) => void;
  onUnlink: (character: SampleLinkedCharacter, user: SampleChatUser) => void;
}

function droppedIds(event: DragEvent<HTMLElement>): string[] {
  try {
    const parsed: unknown = JSON.parse(event.dataTransfer.getData(CHARACTER_DRAG_TYPE));
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** A chat user as a drop zone (spec 2 §2): avatar, display name, username, discriminator, linked characters. */
export function TestUserZone({ user, onDropCharacters, onUnlink }: TestUserZoneProps) {
  const [isOver, setIsOver] = useState(false);
  const depth = useRef(0);

  function handleDragEnter(event: DragEvent<HTMLElement>) {
    if (!isCharacterDrag(event.dataTransfer.types)) return;
    depth.current += 1;
    setIsOver(true);
  }

  function handleDragLeave(event: DragEvent<HTMLElement>) {
    if (!isCharacterDrag(event.dataTransfer.types)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setIsOver(false);
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    depth.current = 0;
    setIsOver(false);
    const ids = droppedIds(event);
    if (ids.length === 0) return;
    event.preventDefault();
    onDropCharacters(ids, user);
  }

  return (
    <article
      className={`user-zone${isOver ? ' user-zone--over' : ''}`}
      data-testid="test-user-drop-zone"
      data-user-id={user.id}
      data-drop-state={isOver ? 'over' : 'idle'}
      aria-label={`${user.displayName}: drop characters here to link them`}
      onDragEnter={handleDragEnter}
      onDragOver={(event) => {
        if (!isCharacterDrag(event.dataTransfer.types)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'link';
      }}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
    >
      <header className="user-zone__header">
        <Avatar name={user.displayName} url={user.avatar} size={34} />
        <div className="user-zone__names">
          <span className="user-zone__display-name">{user.displayName}</span>
          <span className="user-zone__username">
            @{user.username}
            {user.discriminator !== '0' && <span data-testid="discriminator">#{user.discriminator}</span>}
          </span>
        </div>
        <span
          className={`status-dot${user.isActive ? ' status-dot--good' : ' status-dot--idle'}`}
          title={user.isActive ? 'Active' : 'Inactive'}
        />
      </header>
      {user.linkedCharacters.length === 0 ? (
        <p className="user-zone__empty">Drop characters here to link</p>
      ) : (
        <ul className="user-zone__linked">
          {user.linkedCharacters.map((character) => (
            <li
              key={character.linkId}
              className="user-zone__character"
              data-testid="test-linked-character"
              data-character-id={character.id}
            >
              <CharacterName name={character.name} characterClass={character.class} />
              <span className="user-zone__character-meta">
                {character.level} {character.class}
              </span>
              {character.isPrimary && (
                <span className="badge badge--brand user-zone__primary">
                  <Star size={11} aria-hidden="true" />
                  Primary
                </span>
              )}
              <button
                type="button"
                className="icon-button icon-button--danger user-zone__unlink"
                aria-label={`Unlink ${character.name}`}
                title="Unlink"
                onClick={() => onUnlink(character, user)}
              >
                <Unlink size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
