import { useState } from 'react';

/** An account's Discord avatar, or its initial on a tinted disc when there is none or it does not load. */
export function AccountAvatar({ name, url, size = 'md' }: { name: string; url: string | null; size?: 'md' | 'lg' }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && failedUrl !== url;
  const letter = Array.from(name.replace(/^[^\p{L}\p{N}]+/u, ''))[0]?.toUpperCase() ?? '?';
  return (
    <span className={`account-avatar account-avatar--${size}`} aria-hidden="true" data-testid="account-avatar">
      {showImage ? <img src={url} alt="" loading="lazy" onError={() => setFailedUrl(url)} /> : letter}
    </span>
  );
}
