import {
  ADMIN_NAMESPACE,
  type AdminClientEvents,
  type AdminServerEvents,
  type AdminTopic,
  MESSAGES,
  SERVER_MESSAGES,
  serviceUnavailable,
  TWO_FACTOR_MESSAGES,
} from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import { resolveSession, type SignedInAdmin } from '../auth/admin-sessions';
import { adminIdleMs } from '../auth/require-admin';
import { sessionTokenFromHeader } from '../auth/session-cookie';
import { twoFactorStatusOfAdmin } from '../auth/two-factor-requirement';
import { isSameOrigin } from '../http/same-origin';

/** What each /admin socket knows about its admin. */
export interface AdminSocketData {
  sessionId: string;
  admin: SignedInAdmin;
}

/** The typed /admin namespace. */
export type AdminNamespace = Namespace<AdminClientEvents, AdminServerEvents, Record<string, never>, AdminSocketData>;
/** One typed /admin socket. */
export type AdminSocket = Socket<AdminClientEvents, AdminServerEvents, Record<string, never>, AdminSocketData>;

/** Room every socket of one admin session joins, so ending the session reaches them on every process. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Room of every signed-in admin. */
export const ADMINS_ROOM = 'admins';
/** Room of the admins who manage admin users: account security alerts (admin:alert) go to them. */
export const USER_ADMINS_ROOM = 'user-admins';
/** Room of the admins with admin.full_access: training dataset export progress goes to them. */
export const FULL_ACCESS_ROOM = 'full-access';
/** Room of the clients that sent `subscribe:accounts` (player-account bulk updates). */
export const ACCOUNTS_ROOM: AdminTopic = 'accounts';

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value?.split(',')[0]?.trim();
}

/** The address the client connected to, read the way Fastify reads it for HTTP requests. */
function handshakeOrigin(socket: Socket, trustProxy: boolean): string {
  const headers = socket.handshake.headers;
  const forwardedProto = trustProxy ? firstHeader(headers['x-forwarded-proto']) : undefined;
  const forwardedHost = trustProxy ? firstHeader(headers['x-forwarded-host']) : undefined;
  const protocol = forwardedProto ?? (socket.handshake.secure ? 'https' : 'http');
  return `${protocol}://${forwardedHost ?? headers.host ?? ''}`;
}

/** A handshake from a page of another site, which must not ride on the admin's cookie (cross-site WebSocket hijacking). */
export function isForeignOrigin(socket: Socket, app: FastifyInstance): boolean {
  const origin = socket.handshake.headers.origin;
  return Boolean(
    origin && !isSameOrigin(origin, handshakeOrigin(socket, Boolean(app.config.trustProxy)), app.config.publicOrigin),
  );
}

/**
 * The /admin namespace, authenticated by the admin session cookie in the handshake: no cookie is
 * refused with MESSAGES.authTokenNotFound, an unknown, expired or revoked one with MESSAGES.adminSessionExpired.
 */
export function createAdminNamespace(io: Server, app: FastifyInstance): AdminNamespace {
  // The server is shared by namespaces with different event maps, so each namespace carries its own types.
  const nsp = io.of(ADMIN_NAMESPACE) as unknown as AdminNamespace;

  nsp.use(async (socket, next) => {
    if (isForeignOrigin(socket, app)) return next(new Error(SERVER_MESSAGES.foreignOrigin));
    const token = sessionTokenFromHeader(socket.handshake.headers.cookie);
    if (!token) return next(new Error(MESSAGES.authTokenNotFound));
    try {
      const result = await resolveSession(app.services.db, token, new Date(), await adminIdleMs(app));
      if (!result.ok) return next(new Error(MESSAGES.adminSessionExpired));
      // As over HTTP: a generated first password is replaced before any of the console's data flows.
      if (result.context.admin.mustChangePassword) return next(new Error(MESSAGES.passwordChangeRequired));
      if ((await twoFactorStatusOfAdmin(app, result.context.admin)).isEnrolmentRequired) {
        return next(new Error(TWO_FACTOR_MESSAGES.enrolmentRequired));
      }
      socket.data = { sessionId: result.context.sessionId, admin: result.context.admin };
      return next();
    } catch (error) {
      app.log.warn({ err: error }, 'live connection: session check failed');
      return next(new Error(serviceUnavailable('PostgreSQL')));
    }
  });
  return nsp;
}
