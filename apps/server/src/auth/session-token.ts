import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes, URL-safe, for the cookie only. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: a leaked table opens no session. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
