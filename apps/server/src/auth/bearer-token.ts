import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The bearer token of a request's Authorization header, or null when there is none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const match = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a presented secret is the expected one, compared in constant time over digests, so neither its length
 * nor a matching prefix leaks through timing. For the bearer tokens of callers that are not admins with a cookie.
 */
export function isSameSecret(presented: string | null, expected: string): boolean {
  return presented !== null && timingSafeEqual(digest(presented), digest(expected));
}
