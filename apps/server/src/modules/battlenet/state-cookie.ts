import { BATTLENET_STATE_COOKIE, BATTLENET_STATE_TTL_MS } from '@guildhall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Lax, not Strict: the browser must send it on the top-level redirect back from Battle.net. Only the callback reads it.
const options = (isSecure: boolean) => ({ httpOnly: true, sameSite: 'lax', secure: isSecure, path: '/auth/battlenet' }) as const;

/** Binds a Battle.net connect's state to this browser for BATTLENET_STATE_TTL_MS. */
export function setBattlenetStateCookie(reply: FastifyReply, state: string, isSecure: boolean) {
  reply.setCookie(BATTLENET_STATE_COOKIE, state, { ...options(isSecure), maxAge: BATTLENET_STATE_TTL_MS / 1000 });
}

/** The state cookie is single-use: cleared as soon as the callback reads it. */
export function takeBattlenetStateCookie(request: FastifyRequest, reply: FastifyReply, isSecure: boolean): string | null {
  const state = request.cookies[BATTLENET_STATE_COOKIE] || null;
  reply.clearCookie(BATTLENET_STATE_COOKIE, options(isSecure));
  return state;
}
