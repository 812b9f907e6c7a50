import { classColor } from '@guildhall/contract';
import { useState } from 'react';
import { readableTextOn } from './character-text';
import '../../styles/character-identity.css';

interface CharacterPortraitProps {
  name: string;
  characterClass: string;
  url: string | null;
  size?: number;
}

/** The character's portrait in a ring of its class colour; the first letter of its name when there is none. */
export function CharacterPortrait({ name, characterClass, url, size = 44 }: CharacterPortraitProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const color = classColor(characterClass);
  const showImage = url !== null && url !== '' && failedUrl !== url;
  return (
    <span
      className="portrait"
      style={{ width: size, height: size, borderColor: color, background: showImage ? undefined : color }}
      aria-hidden="true"
    >
      {showImage ? (
        <img className="portrait__image" src={url} alt="" loading="lazy" onError={() => setFailedUrl(url)} />
      ) : (
        <span className="portrait__letter" style={{ color: readableTextOn(color), fontSize: size * 0.42 }}>
          {Array.from(name)[0]?.toUpperCase() ?? '?'}
        </span>
      )}
    </span>
  );
}
