import fastifyCookie from '@fastify/cookie';
import { ADMIN_SESSION_ABSOLUTE_MS, ADMIN_SESSION_COOKIE } from '@guildhall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Cookie attributes: never readable by scripts, never sent cross-site, Secure behind https. */
function cookieOptions(isSecure: boolean) {
  return { httpOnly: true, sameSite: 'strict', secure: isSecure, path: '/' } as const;
}

/** Hands the browser its session token; it lives as long as the session's absolute limit (a System Setting). */
export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  isSecure: boolean,
  absoluteMs: number = ADMIN_SESSION_ABSOLUTE_MS,
) {
  reply.setCookie(ADMIN_SESSION_COOKIE, token, {
    ...cookieOptions(isSecure),
    maxAge: Math.floor(absoluteMs / 1000),
  });
}

/** Tells the browser to forget the session token. */
export function clearSessionCookie(reply: FastifyReply, isSecure: boolean) {
  reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions(isSecure));
}

/** The session token of an HTTP request, if it carries one. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  return request.cookies[ADMIN_SESSION_COOKIE] || null;
}

/** The session token in a raw Cookie header (the live connection's handshake). */
export function sessionTokenFromHeader(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  return fastifyCookie.parse(cookieHeader)[ADMIN_SESSION_COOKIE] || null;
}
