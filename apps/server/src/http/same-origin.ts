import { CSRF_HEADER } from '@guildhall/contract';

/** What the CSRF check reads from a request. */
export interface WriteRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** http or https as the client used it (behind a trusted proxy: X-Forwarded-Proto). */
  protocol: string;
  /** Host as the client used it (behind a trusted proxy: X-Forwarded-Host). */
  host: string;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function header(request: WriteRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Origin of an Origin header value, or null when it is "null" or malformed. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/** True when an Origin header names this site: the address the request came to, or PUBLIC_URL. */
export function isSameOrigin(originHeader: string, requestOrigin: string, publicOrigin: string): boolean {
  const origin = originOf(originHeader);
  return origin !== null && (origin === originOf(requestOrigin) || origin === publicOrigin);
}

/**
 * Paths whose writes may be authenticated by a cookie: the API and the community sign-in calls. The bot's
 * ingestion API (/api/bot/) takes only its bearer token, never a cookie, so a call without one is a 401 there; Discord's
 * interactions (/api/discord/interactions) are authenticated by their Ed25519 signature alone.
 */
const COOKIE_AUTHENTICATED = /^\/(api\/(?!bot\/|discord\/interactions(?:[/?]|$))|auth\/)/;

/**
 * True when a write under /api or /auth must prove it comes from our own pages: whenever the browser
 * could have attached a cookie on its own (the admin session, the Discord sign-in session). A call with
 * only a bearer token (no cookie) carries no ambient authority, so it is exempt; the logins send no
 * cookie yet and are still checked.
 */
export function needsCsrfCheck(request: WriteRequest): boolean {
  if (!WRITE_METHODS.has(request.method) || !COOKIE_AUTHENTICATED.test(request.url)) return false;
  const hasCookie = Boolean(header(request, 'cookie'));
  const hasBearer = /^bearer\s/i.test(header(request, 'authorization') ?? '');
  return hasCookie || !hasBearer;
}

/** The CSRF rule: X-Requested-With: XMLHttpRequest, and a same-origin Origin when the browser sends one. */
export function passesCsrfCheck(request: WriteRequest, publicOrigin: string): boolean {
  if (header(request, CSRF_HEADER.name) !== CSRF_HEADER.value) return false;
  const origin = header(request, 'origin');
  return origin === undefined || isSameOrigin(origin, `${request.protocol}://${request.host}`, publicOrigin);
}
