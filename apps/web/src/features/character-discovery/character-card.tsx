import { CHARACTER_SOURCE_LABELS, classColor, type DiscoveryCharacter, lastActivityText, notePreview } from '@guildhall/contract';
import { Activity, Clock, Link2 } from 'lucide-react';
import type { CSSProperties, DragEvent } from 'react';
import { CharacterName } from './character-name';
import { CharacterPortrait } from './character-portrait';
import { activityCountText, itemLevelText } from './character-text';
import { CHARACTER_DRAG_TYPE } from './drag-data';
import { RoleIcon } from './role-icon';
import '../../styles/character-identity.css';
import '../../styles/character-cards.css';

interface CharacterCardProps {
  character: DiscoveryCharacter;
  isDragging: boolean;
  onDragStart: (character: DiscoveryCharacter) => void;
  onDragEnd: () => void;
  /** The keyboard way to link: opens the member picker. */
  onLinkRequest: (character: DiscoveryCharacter) => void;
}

/** One unlinked character (spec 1 §2): drag it onto a member, or press 'Link to…'. */
export function CharacterCard({ character, isDragging, onDragStart, onDragEnd, onLinkRequest }: CharacterCardProps) {
  const color = classColor(character.class);
  const guildNote = notePreview(character.guildNote);
  const officerNote = notePreview(character.officerNote);
  const classAndSpec = [character.spec, character.class].filter(Boolean).join(' ');

  function handleDragStart(event: DragEvent<HTMLElement>) {
    event.dataTransfer.setData(CHARACTER_DRAG_TYPE, character.id);
    event.dataTransfer.setData('text/plain', character.name);
    event.dataTransfer.effectAllowed = 'link';
    onDragStart(character);
  }

  return (
    <article
      className={`class-card character-card${isDragging ? ' character-card--dragging' : ''}`}
      style={{ '--class-color': color } as CSSProperties}
      draggable
      onDragStart={handleDragStart}
      onDragEnd={onDragEnd}
      aria-label={`${character.name}, ${classAndSpec}, level ${character.level}`}
      data-testid="character-card"
      data-character-id={character.id}
    >
      <div className="character-card__top">
        <CharacterPortrait
          name={character.name}
          characterClass={character.class}
          url={character.portraitUrl ?? character.avatarUrl}
        />
        <div className="character-card__identity">
          <div className="character-card__name-row">
            <CharacterName as="h3" name={character.name} characterClass={character.class} />
            {character.role && <RoleIcon role={character.role} />}
          </div>
          <p className="character-card__realm">{character.realm}</p>
        </div>
      </div>
      <p className="character-card__class">{classAndSpec}</p>
      <p className="character-card__stats">
        <span className="character-card__stat">Level {character.level}</span>
        <span className="character-card__stat">{itemLevelText(character.itemLevel)}</span>
      </p>
      {character.sources.length > 0 && (
        <ul className="character-card__sources" aria-label="Sources" data-testid="character-sources">
          {character.sources.map((source) => (
            <li
              key={source.sourceType}
              className="badge character-card__source"
              title={`Seen ${source.occurrenceCount} ${source.occurrenceCount === 1 ? 'time' : 'times'} by ${CHARACTER_SOURCE_LABELS[source.sourceType]}`}
              data-source-type={source.sourceType}
            >
              {CHARACTER_SOURCE_LABELS[source.sourceType]}
            </li>
          ))}
        </ul>
      )}
      {(guildNote || officerNote) && (
        <dl className="character-card__notes">
          {guildNote && (
            <div title={character.guildNote ?? undefined}>
              <dt>Guild note</dt>
              <dd>{guildNote}</dd>
            </div>
          )}
          {officerNote && (
            <div title={character.officerNote ?? undefined}>
              <dt>Officer note</dt>
              <dd>{officerNote}</dd>
            </div>
          )}
        </dl>
      )}
      <footer className="character-card__footer">
        <p className="character-card__meta">
          <span title="Last activity">
            <Clock size={13} aria-hidden="true" />
            <span className="visually-hidden">Last activity: </span>
            {lastActivityText(character.lastActivityDate)}
          </span>
          <span>
            <Activity size={13} aria-hidden="true" />
            {activityCountText(character.activityCount)}
          </span>
        </p>
        <button
          type="button"
          className="button button--secondary button--small character-card__link"
          onClick={() => onLinkRequest(character)}
          // The name starts with the visible text, so voice control users can say what they see.
          aria-label={`Link to… a member, for ${character.name}`}
        >
          <Link2 size={14} aria-hidden="true" />
          Link to…
        </button>
      </footer>
    </article>
  );
}
