import { useState } from 'react';

interface AvatarProps {
  /** Whose picture: its first letter or digit stands in when there is no picture. */
  name: string;
  url: string | null;
  /** Width and height in pixels; the initial scales with it. */
  size?: number;
}

/** A person's picture (Discord's CDN), or their initial on a tinted disc when there is none or it does not load. */
export function Avatar({ name, url, size = 36 }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && url !== '' && failedUrl !== url;
  const letter = Array.from(name.replace(/^[^\p{L}\p{N}]+/u, ''))[0]?.toUpperCase() ?? '?';
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {showImage ? <img src={url} alt="" loading="lazy" onError={() => setFailedUrl(url)} /> : letter}
    </span>
  );
}
