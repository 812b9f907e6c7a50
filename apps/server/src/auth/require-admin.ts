import { hasAnyAdminPermission, MESSAGES, type Permission } from '@guildhall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { type AdminSessionContext, resolveSession } from './admin-sessions';
import { clearSessionCookie, sessionTokenOf } from './session-cookie';

/** Authenticates the request's admin session cookie; throws the contract's 401s. */
export async function authenticateAdmin(request: FastifyRequest, reply: FastifyReply): Promise<AdminSessionContext> {
  const token = sessionTokenOf(request);
  if (!token) throw new AppError(401, 'UNAUTHENTICATED', MESSAGES.adminAccessRequired);
  const result = await resolveSession(request.server.services.db, token);
  if (!result.ok) {
    clearSessionCookie(reply, request.server.config.isSecureCookie);
    throw new AppError(401, 'INVALID_SESSION', MESSAGES.adminSessionExpired);
  }
  request.adminSession = result.context;
  return result.context;
}

/**
 * The permission guard for a subtree of admin routes: a signed-in admin who passes the contract's
 * check for any of `anyOf` (nothing required: any admin). Hang it on an encapsulated plugin, e.g.
 * `app.addHook('onRequest', requireAdmin(['admin.system_monitoring']))`; as an onRequest hook it
 * refuses before the body is even parsed, and it works as a preHandler just the same.
 */
export function requireAdmin(anyOf: readonly Permission[] = []) {
  return async function requireAdminHook(request: FastifyRequest, reply: FastifyReply) {
    const { admin } = await authenticateAdmin(request, reply);
    if (!hasAnyAdminPermission(admin, anyOf)) throw new AppError(403, 'FORBIDDEN', MESSAGES.accessDeniedBody);
  };
}

/** The session a guarded route runs under; the guard has set it. */
export function adminSessionOf(request: FastifyRequest): AdminSessionContext {
  if (!request.adminSession) throw new Error('adminSessionOf called on a route without requireAdmin');
  return request.adminSession;
}
