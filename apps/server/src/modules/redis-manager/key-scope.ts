/**
 * The manager reaches only Guildhall's own keys: those under REDIS_PREFIX, in every database. The browser names
 * keys and patterns relative to the prefix and sees them that way, so a key of another deployment sharing the Redis
 * (another prefix) cannot even be named: it is not listed, and reading, editing or deleting its name reaches the
 * prefixed key of that name instead. With an empty REDIS_PREFIX every key is Guildhall's.
 */
export interface KeyScope {
  /** REDIS_PREFIX as Redis holds it. */
  readonly prefix: string;
  /** The key Redis holds for a key the browser named. */
  full(key: Buffer): Buffer;
  /** The key as the browser sees it: its prefix taken off. */
  relative(key: Buffer): Buffer;
  /** A browser's glob pattern as a SCAN MATCH pattern under the prefix. */
  pattern(pattern: string): string;
  /** The key the browser named, with the key Redis holds for it. */
  key(shown: Buffer): ManagedKey;
}

/** One key: the bytes Redis holds, and the bytes the browser names and is shown (the prefix taken off). */
export interface ManagedKey {
  readonly redis: Buffer;
  readonly shown: Buffer;
}

/** Makes the glob characters of a prefix literal for SCAN MATCH. */
export const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);

/** The scope of the app's prefix. */
export function keyScope(prefix: string): KeyScope {
  const bytes = Buffer.from(prefix, 'utf8');
  const literal = escapeGlob(prefix);
  return {
    prefix,
    full: (key) => Buffer.concat([bytes, key]),
    relative: (key) => (key.subarray(0, bytes.length).equals(bytes) ? key.subarray(bytes.length) : key),
    pattern: (pattern) => `${literal}${pattern}`,
    key: (shown) => ({ redis: Buffer.concat([bytes, shown]), shown }),
  };
}
