import { useState } from 'react';

/** A Discord user's avatar from Discord's CDN; their initial on a tinted disc when there is none or it fails. */
export function DiscordAvatar({ name, url, size = 'sm' }: { name: string; url: string | null; size?: 'sm' | 'lg' }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && url !== '' && failedUrl !== url;
  const letter = Array.from(name.replace(/^[^\p{L}\p{N}]+/u, ''))[0]?.toUpperCase() ?? '?';
  return (
    <span className={`discord-avatar discord-avatar--${size}`} aria-hidden="true">
      {showImage ? <img src={url} alt="" loading="lazy" onError={() => setFailedUrl(url)} /> : letter}
    </span>
  );
}
