import {
  ADMIN_SESSION_IDLE_MS,
  adminAuthApi,
  adminPasskeyApi,
  adminTwoFactorApi,
  hasAnyAdminPermission,
  MESSAGES,
  type Permission,
  TWO_FACTOR_MESSAGES,
} from '@guildhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../core/app-error';
import { sessionLengthsOf } from '../services/system-settings';
import { type AdminSessionContext, resolveSession, toSessionContext } from './admin-sessions';
import { clearSessionCookie, sessionTokenOf } from './session-cookie';
import { findSessionById } from './session-queries';
import { sessionState } from './session-rules';
import { twoFactorStatusOfAdmin } from './two-factor-requirement';

/**
 * The admin session idle timeout in force: the System Setting (issue 15), read through its short cache. An app
 * built without system settings keeps the contract's default. Every check of an admin session goes through this.
 */
export async function adminIdleMs(app: FastifyInstance): Promise<number> {
  if (!app.hasDecorator('systemSettings')) return ADMIN_SESSION_IDLE_MS;
  return sessionLengthsOf(await app.systemSettings.current()).idleMs;
}

/**
 * Where the session with this id stands now under the idle timeout in force, and its admin as the database holds
 * them now (a role or grant may have changed since a socket connected), without touching the session (an open live
 * page must not keep its session alive); null when the session is gone.
 */
export async function lookUpSessionAndAdmin(app: FastifyInstance, sessionId: string, now = new Date()) {
  const row = await findSessionById(app.services.db, sessionId);
  if (!row) return null;
  const times = {
    lastSeenAt: row.last_seen_at,
    absoluteExpiresAt: row.absolute_expires_at,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
    isAdminActive: row.is_active,
  };
  return { state: sessionState(times, now, await adminIdleMs(app)), admin: toSessionContext(row).admin };
}

/** Where the session with this id stands now (lookUpSessionAndAdmin without the admin); null when it is gone. */
export async function lookUpSession(app: FastifyInstance, sessionId: string, now = new Date()) {
  return (await lookUpSessionAndAdmin(app, sessionId, now))?.state ?? null;
}

/** What an admin who must still replace a generated password may call (logout needs no session at all). */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set<string>([
  adminAuthApi.me.path,
  adminAuthApi.changePassword.path,
  adminAuthApi.extendSession.path,
]);

/**
 * What an admin who must use two-factor sign-in, has none and is past the grace may call: enrol an authenticator app
 * or add a passkey (and what the console needs meanwhile). Changing the password stays open, so a generated one can
 * be replaced first.
 */
const OPEN_BEFORE_TWO_FACTOR = new Set<string>([
  ...OPEN_BEFORE_PASSWORD_CHANGE,
  adminTwoFactorApi.setup.path,
  adminTwoFactorApi.confirm.path,
  // The list and the add share a path.
  adminPasskeyApi.list.path,
  adminPasskeyApi.registrationOptions.path,
]);

/**
 * Authenticates the request's admin session cookie; throws the contract's 401s, 403 PASSWORD_CHANGE_REQUIRED
 * for an admin still signed in with a generated first password, on everything but me and change-password, and 403
 * TWO_FACTOR_ENROLMENT_REQUIRED for an admin past the grace to turn on a required two-factor sign-in, on everything
 * but me and enrolment.
 */
export async function authenticateAdmin(request: FastifyRequest, reply: FastifyReply): Promise<AdminSessionContext> {
  const token = sessionTokenOf(request);
  if (!token) throw new AppError('UNAUTHENTICATED', MESSAGES.adminAccessRequired);
  const result = await resolveSession(request.server.services.db, token, new Date(), await adminIdleMs(request.server));
  if (!result.ok) {
    clearSessionCookie(reply, request.server.config.isSecureCookie);
    throw new AppError('INVALID_SESSION', MESSAGES.adminSessionExpired);
  }
  if (result.context.admin.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(request.routeOptions.url ?? '')) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
  const twoFactor = await twoFactorStatusOfAdmin(request.server, result.context.admin);
  if (twoFactor.isEnrolmentRequired && !OPEN_BEFORE_TWO_FACTOR.has(request.routeOptions.url ?? '')) {
    throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', TWO_FACTOR_MESSAGES.enrolmentRequired);
  }
  request.adminSession = result.context;
  return result.context;
}

/** A guard hook that says which permissions it asks for, so the route registry can list them. */
export type AdminGuard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  readonly anyOf: readonly Permission[];
};

/**
 * The permission guard: a signed-in admin who passes the contract's check for any of `anyOf` (nothing
 * required: any signed-in admin). Hang it on a subtree with guardAdminRoutes, or on one route as
 * `onRequest: requireAdmin([...])`; as an onRequest hook it refuses before the body is even parsed.
 */
export function requireAdmin(anyOf: readonly Permission[] = []): AdminGuard {
  const requireAdminHook = async (request: FastifyRequest, reply: FastifyReply) => {
    const { admin } = await authenticateAdmin(request, reply);
    if (!hasAnyAdminPermission(admin, anyOf)) throw new AppError('FORBIDDEN', MESSAGES.accessDeniedBody);
  };
  return Object.assign(requireAdminHook, { anyOf: [...anyOf] });
}

/** Who may call one admin route: every guard on it (each passes with any of its permissions; empty: any admin). */
export interface AdminRouteAccess {
  method: string;
  url: string;
  /** None means nothing declares who may call the route. */
  guards: (readonly Permission[])[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api/admin route and the permissions its guards ask for: the authorisation table. */
    adminRouteAccess: AdminRouteAccess[];
  }
}

const ADMIN_API_PREFIX = '/api/admin';

const isAdminGuard = (hook: unknown): hook is AdminGuard =>
  typeof hook === 'function' && Array.isArray((hook as Partial<AdminGuard>).anyOf);

function accessEntry(app: FastifyInstance, route: RouteOptions): AdminRouteAccess | null {
  if (!route.url.startsWith(ADMIN_API_PREFIX)) return null;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const method = methods.join(',');
  let entry = app.adminRouteAccess.find((known) => known.method === method && known.url === route.url);
  if (!entry) {
    entry = { method, url: route.url, guards: [] };
    app.adminRouteAccess.push(entry);
  }
  return entry;
}

/**
 * Starts the authorisation table on the root instance: every /api/admin route registered after this is listed,
 * with the guards it carries itself (`onRequest: requireAdmin(...)`); guardAdminRoutes adds its subtree's guard.
 */
export function registerAdminRouteAccess(app: FastifyInstance) {
  app.decorate('adminRouteAccess', [] as AdminRouteAccess[]);
  app.addHook('onRoute', (route) => {
    const entry = accessEntry(app, route);
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    for (const hook of own) if (isAdminGuard(hook)) entry?.guards.push(hook.anyOf);
  });
}

/**
 * Guards every route of an encapsulated plugin with requireAdmin(anyOf) and declares it in the app's
 * authorisation table (app.adminRouteAccess), so the access of each admin route can be listed and tested.
 */
export function guardAdminRoutes(app: FastifyInstance, anyOf: readonly Permission[] = []) {
  const guard = requireAdmin(anyOf);
  app.addHook('onRequest', guard);
  app.addHook('onRoute', (route) => {
    accessEntry(app, route)?.guards.push(guard.anyOf);
  });
}

/** The session a guarded route runs under; the guard has set it. */
export function adminSessionOf(request: FastifyRequest): AdminSessionContext {
  if (!request.adminSession) throw new Error('adminSessionOf called on a route without an admin guard');
  return request.adminSession;
}
