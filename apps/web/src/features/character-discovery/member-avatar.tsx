import { useState } from 'react';
import '../../styles/character-cards.css';

/** A Discord member's avatar; their initial on a tinted disc when there is none or it does not load. */
export function MemberAvatar({ name, url, size = 36 }: { name: string; url: string | null; size?: number }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && url !== '' && failedUrl !== url;
  const letter = Array.from(name.replace(/^[^\p{L}\p{N}]+/u, ''))[0]?.toUpperCase() ?? '?';
  return (
    <span className="member-avatar" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {showImage ? <img src={url} alt="" loading="lazy" onError={() => setFailedUrl(url)} /> : letter}
    </span>
  );
}
