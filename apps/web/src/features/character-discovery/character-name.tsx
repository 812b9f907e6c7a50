import { classColor } from '@guildhall/contract';
import { nameplateTone } from './character-text';
import '../../styles/character-identity.css';

/** A character's name in its class colour, on the plate (dark or light) that lets that colour read. */
export function CharacterName({
  name,
  characterClass,
  as: Tag = 'span',
}: {
  name: string;
  characterClass: string;
  as?: 'span' | 'h3';
}) {
  const color = classColor(characterClass);
  return (
    <Tag className={`nameplate nameplate--${nameplateTone(color)}`} style={{ color }} data-class-color={color}>
      {name}
    </Tag>
  );
}
