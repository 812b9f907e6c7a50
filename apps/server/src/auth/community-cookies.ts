import {
  COMMUNITY_SESSION_COOKIE,
  COMMUNITY_SESSION_HINT_COOKIE,
  COMMUNITY_SESSION_TTL_MS,
  DISCORD_STATE_COOKIE,
  DISCORD_STATE_TTL_MS,
} from '@guildhall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Lax, not Strict: the browser must send these on the top-level redirect back from Discord.
const base = (isSecure: boolean) => ({ httpOnly: true, sameSite: 'lax', secure: isSecure }) as const;
// The state cookie is only ever needed by the callback.
const STATE_PATH = '/auth/discord';

// The hint says only that a session cookie was handed out: the page may read it, so it is not httpOnly.
const hint = (isSecure: boolean) => ({ ...base(isSecure), httpOnly: false, path: '/' }) as const;

/** Hands the browser its Discord sign-in session, and the readable hint that it has one. */
export function setCommunitySessionCookie(reply: FastifyReply, token: string, isSecure: boolean) {
  const maxAge = COMMUNITY_SESSION_TTL_MS / 1000;
  reply.setCookie(COMMUNITY_SESSION_COOKIE, token, { ...base(isSecure), path: '/', maxAge });
  reply.setCookie(COMMUNITY_SESSION_HINT_COOKIE, '1', { ...hint(isSecure), maxAge });
}

/** Tells the browser to forget its Discord sign-in session and the hint. */
export function clearCommunitySessionCookie(reply: FastifyReply, isSecure: boolean) {
  reply.clearCookie(COMMUNITY_SESSION_COOKIE, { ...base(isSecure), path: '/' });
  reply.clearCookie(COMMUNITY_SESSION_HINT_COOKIE, hint(isSecure));
}

/** The Discord sign-in session token of a request, if any. */
export const communitySessionTokenOf = (request: FastifyRequest): string | null =>
  request.cookies[COMMUNITY_SESSION_COOKIE] || null;

/** Binds a Discord sign-in's state to this browser for DISCORD_STATE_TTL_MS. */
export function setDiscordStateCookie(reply: FastifyReply, state: string, isSecure: boolean) {
  reply.setCookie(DISCORD_STATE_COOKIE, state, { ...base(isSecure), path: STATE_PATH, maxAge: DISCORD_STATE_TTL_MS / 1000 });
}

/** The state cookie is single-use: cleared as soon as the callback reads it. */
export function takeDiscordStateCookie(request: FastifyRequest, reply: FastifyReply, isSecure: boolean): string | null {
  const state = request.cookies[DISCORD_STATE_COOKIE] || null;
  reply.clearCookie(DISCORD_STATE_COOKIE, { ...base(isSecure), path: STATE_PATH });
  return state;
}
