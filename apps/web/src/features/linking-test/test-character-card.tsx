import { classColor, lastActivityText } from '@guildhall/contract';
import { TriangleAlert } from 'lucide-react';
import type { CSSProperties, DragEvent } from 'react';
import { CharacterName } from '../character-discovery/character-name';
import { CharacterPortrait } from '../character-discovery/character-portrait';
import { CHARACTER_DRAG_TYPE } from '../character-discovery/drag-data';
import type { SampleCharacter } from './linking-types';
import '../../styles/character-identity.css';
import '../../styles/linking-test.css';

interface TestCharacterCardProps {
  character: SampleCharacter;
  isSelectMode: boolean;
  isSelected: boolean;
  onToggleSelected: (id: string) => void;
  /** The ids a drag of this card carries: the selection when the card is in it, else the card alone. */
  dragIds: () => string[];
}

const SOURCE_LABELS: Record<SampleCharacter['sources'][number]['sourceType'], string> = {
  loot_import: 'Loot import',
  combat_log: 'Combat log',
  wowaudit: 'WoWAudit',
  battlenet: 'Battle.net',
  raiderio: 'Raider.IO',
  manual: 'Manual',
};

/** A sample character (spec 2 §2): portrait, name in class colour, level, item level, server; draggable, selectable. */
export function TestCharacterCard({ character, isSelectMode, isSelected, onToggleSelected, dragIds }: TestCharacterCardProps) {
  function handleDragStart(event: DragEvent<HTMLElement>) {
    const ids = dragIds();
    event.dataTransfer.setData(CHARACTER_DRAG_TYPE, JSON.stringify(ids));
    event.dataTransfer.setData('text/plain', ids.length > 1 ? `${ids.length} characters` : character.name);
    event.dataTransfer.effectAllowed = 'link';
  }

  const checkboxId = `select-${character.id}`;
  return (
    <article
      className={`class-card test-card${isSelected ? ' test-card--selected' : ''}`}
      style={{ '--class-color': classColor(character.class) } as CSSProperties}
      draggable
      onDragStart={handleDragStart}
      data-testid="test-character-card"
      data-character-id={character.id}
      data-selected={isSelected}
    >
      {isSelectMode && (
        <input
          id={checkboxId}
          className="test-card__check"
          type="checkbox"
          checked={isSelected}
          onChange={() => onToggleSelected(character.id)}
          aria-label={`Select ${character.name}`}
        />
      )}
      <CharacterPortrait
        name={character.name}
        characterClass={character.class}
        url={character.armoryAvatarUrl || null}
        size={40}
      />
      <div className="test-card__body">
        <div className="test-card__name-row">
          <CharacterName name={character.name} characterClass={character.class} />
          <span className="test-card__level">{character.level}</span>
        </div>
        <p className="test-card__line">
          {character.spec} {character.class}
        </p>
        <p className="test-card__line">
          {character.server} · {character.itemLevel ? `ilvl ${character.itemLevel.overall}` : 'No item level'} ·{' '}
          {lastActivityText(character.lastActivityDate)}
        </p>
        <p className="test-card__sources">
          {character.sources.map((source) => (
            <span key={source.sourceType} className="test-card__source" title={`${source.occurrenceCount} occurrences`}>
              {SOURCE_LABELS[source.sourceType]}
            </span>
          ))}
        </p>
        {character.failureReason && (
          <p className="test-card__flag" data-testid="failure-flag" title={character.failureReason}>
            <TriangleAlert size={12} aria-hidden="true" />
            {character.failLinks === 'always' ? 'Always fails to link' : 'First link fails'}
          </p>
        )}
      </div>
    </article>
  );
}
