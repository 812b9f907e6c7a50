import type { LinkedCharacter } from '@guildhall/contract';
import { Star, Unlink } from 'lucide-react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { CharacterName } from './character-name';
import { confidenceText } from './character-text';
import { RoleIcon } from './role-icon';
import '../../styles/character-cards.css';

/** Confidence badge colours (spec 2 §4): 80 or more high, 50 or more medium, otherwise low. */
function confidenceTone(confidence: number): BadgeTone {
  if (confidence >= 80) return 'good';
  if (confidence >= 50) return 'warn';
  return 'bad';
}

const LINK_TYPE_LABELS = { manual: 'Manual', claim: 'Claimed', automatic: 'Automatic' } as const;

interface LinkedCharacterRowProps {
  character: LinkedCharacter;
  onUnlink: (character: LinkedCharacter) => void;
}

/** A character linked to a member: Main badge, Claimed for a verified claim, confidence and the unlink button. */
export function LinkedCharacterRow({ character, onUnlink }: LinkedCharacterRowProps) {
  const isMain = character.isPrimary || character.priority === 'main';
  return (
    <li
      className="linked-character"
      data-testid="linked-character"
      data-character-id={character.id}
      data-link-id={character.linkId}
    >
      <div className="linked-character__identity">
        <div className="linked-character__name-row">
          <CharacterName name={character.name} characterClass={character.class} />
          {character.role && <RoleIcon role={character.role} size={14} />}
          {character.isPrimary && (
            <span className="linked-character__primary" title="Primary character">
              <Star size={13} aria-hidden="true" />
              <span className="visually-hidden">Primary</span>
            </span>
          )}
        </div>
        <p className="linked-character__meta">
          {[character.spec, character.class].filter(Boolean).join(' ')} · {character.server} · Level {character.level}
        </p>
      </div>
      <div className="linked-character__badges">
        {isMain ? <Badge tone="brand">Main</Badge> : <Badge tone="neutral">Alt</Badge>}
        {character.linkType === 'claim' && (
          <Badge tone="good" title="Claimed by the player through their verified Battle.net account" data-testid="claimed-badge">
            {LINK_TYPE_LABELS.claim}
          </Badge>
        )}
        {character.confidence !== null ? (
          <Badge tone={confidenceTone(character.confidence)} title={`${LINK_TYPE_LABELS[character.linkType]} link confidence`}>
            {confidenceText(character.confidence)}
          </Badge>
        ) : (
          <Badge tone="neutral" title="Linked by hand: no confidence score">
            {LINK_TYPE_LABELS[character.linkType]}
          </Badge>
        )}
      </div>
      <button
        type="button"
        className="icon-button icon-button--danger"
        aria-label={`Unlink ${character.name}`}
        title="Unlink"
        onClick={() => onUnlink(character)}
      >
        <Unlink size={16} aria-hidden="true" />
      </button>
    </li>
  );
}
