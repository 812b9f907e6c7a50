import { COMMUNITY_MESSAGES } from '@guildhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import type { Queryable } from '../services/db/db';
import { verifyAccessToken } from './access-token';
import { clearCommunitySessionCookie, communitySessionTokenOf } from './community-cookies';
import { touchCommunitySession } from './community-session-queries';
import { isFamilyLive } from './community-token-queries';
import { findLiveSessionUser, findUserById, type UserRow } from './community-user-queries';
import { hashSessionToken } from './session-token';

/** The community user behind a request, and how they proved it. */
export type CommunityPrincipal =
  | { user: UserRow; via: 'token'; familyId: string }
  | { user: UserRow; via: 'session'; sessionId: string; discordTokenSealed: string | null; discordTokenExpiresAt: Date | null };

/** A session seen within this long is not touched again, sparing a write per request. */
const TOUCH_AFTER_MS = 60_000;

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The community user an access token names, while its sign-in lives; refused with 401 codes otherwise. Read by HTTP
 * requests and by the /community socket's handshake.
 */
export async function principalOfAccessToken(server: FastifyInstance, token: string): Promise<CommunityPrincipal> {
  const { db } = server.services;
  const keys = await server.signingKeys();
  const result = await verifyAccessToken(keys.accessToken, token);
  if (!result.ok) {
    throw result.refusal === 'expired'
      ? new AppError('TOKEN_EXPIRED')
      : new AppError('INVALID_TOKEN', COMMUNITY_MESSAGES.accessTokenInvalid);
  }
  const { sub, fam } = result.claims;
  const [user, isLive] = await Promise.all([findUserById(db, sub), isFamilyLive(db, fam, sub)]);
  // Logout, a password reset or a reused refresh token ended the sign-in: its access tokens end with it. The family
  // is bound to its user: a token for user B naming user A's live family is refused.
  if (!user || !isLive) throw new AppError('INVALID_TOKEN', COMMUNITY_MESSAGES.sessionInvalid);
  return { user, via: 'token', familyId: result.claims.fam };
}

/** The user of a live Discord session cookie's token, or null. */
export async function userOfSessionToken(db: Queryable, token: string): Promise<UserRow | null> {
  return (await findLiveSessionUser(db, hashSessionToken(token)))?.user ?? null;
}

async function fromSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): Promise<CommunityPrincipal> {
  const { db } = request.server.services;
  const found = await findLiveSessionUser(db, hashSessionToken(token));
  if (!found) {
    clearCommunitySessionCookie(reply, request.server.config.isSecureCookie);
    throw new AppError('INVALID_SESSION', COMMUNITY_MESSAGES.sessionInvalid);
  }
  const { session, user } = found;
  if (Date.now() - session.last_seen_at.getTime() > TOUCH_AFTER_MS) await touchCommunitySession(db, session.id);
  return {
    user,
    via: 'session',
    sessionId: session.id,
    discordTokenSealed: session.discord_token_sealed,
    discordTokenExpiresAt: session.discord_token_expires_at,
  };
}

/**
 * Who is calling: a bearer access token (judged alone when present, so a stale token is reported rather than
 * masked by the cookie) or else the Discord session cookie. Every refusal is a 401 with a code, never a 500.
 */
export async function authenticateCommunity(request: FastifyRequest, reply: FastifyReply): Promise<CommunityPrincipal> {
  if (request.communityPrincipal) return request.communityPrincipal;
  const authorization = request.headers.authorization;
  let principal: CommunityPrincipal;
  if (authorization) {
    const bearer = BEARER.exec(authorization)?.[1];
    if (!bearer) throw new AppError('INVALID_TOKEN', COMMUNITY_MESSAGES.accessTokenInvalid);
    principal = await principalOfAccessToken(request.server, bearer);
  } else {
    const sessionToken = communitySessionTokenOf(request);
    if (!sessionToken) throw new AppError('UNAUTHENTICATED', COMMUNITY_MESSAGES.signInRequired);
    principal = await fromSessionCookie(request, reply, sessionToken);
  }
  request.communityPrincipal = principal;
  return principal;
}

/** Hook for a subtree of community routes: a signed-in community user. */
export async function requireCommunityUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticateCommunity(request, reply);
}

/** The user a guarded route runs for; the hook has set it. */
export function communityPrincipalOf(request: FastifyRequest): CommunityPrincipal {
  if (!request.communityPrincipal) throw new Error('communityPrincipalOf called on a route without requireCommunityUser');
  return request.communityPrincipal;
}
