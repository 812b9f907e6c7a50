import {
  hasAnyAdminPermission,
  INFLUX_DEBUG_ACCESS,
  INFLUX_DEBUG_MESSAGES,
  INFLUX_DEBUG_NAMESPACE,
  type InfluxDebugClientEvents,
  type InfluxDebugServerEvents,
  MESSAGES,
  SERVER_MESSAGES,
  serviceUnavailable,
  TWO_FACTOR_MESSAGES,
} from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import { resolveSession } from '../auth/admin-sessions';
import { adminIdleMs } from '../auth/require-admin';
import { sessionTokenFromHeader } from '../auth/session-cookie';
import { twoFactorStatusOfAdmin } from '../auth/two-factor-requirement';
import { type AdminSocketData, isForeignOrigin } from './admin-namespace';

/** The typed /influx-debug namespace. */
export type InfluxDebugNamespace = Namespace<
  InfluxDebugClientEvents,
  InfluxDebugServerEvents,
  Record<string, never>,
  AdminSocketData
>;
/** One typed /influx-debug socket. */
export type InfluxDebugSocket = Socket<InfluxDebugClientEvents, InfluxDebugServerEvents, Record<string, never>, AdminSocketData>;

/**
 * The time-series debug namespace, authenticated like /admin by the admin session cookie, with spec 2's
 * refusals: no or no longer valid session 'Authentication failed', without admin.full_access 'Admin
 * permissions required'.
 */
export function createInfluxDebugNamespace(io: Server, app: FastifyInstance): InfluxDebugNamespace {
  const nsp = io.of(INFLUX_DEBUG_NAMESPACE) as unknown as InfluxDebugNamespace;
  nsp.use(async (socket, next) => {
    if (isForeignOrigin(socket, app)) return next(new Error(SERVER_MESSAGES.foreignOrigin));
    const token = sessionTokenFromHeader(socket.handshake.headers.cookie);
    if (!token) return next(new Error(INFLUX_DEBUG_MESSAGES.authenticationFailed));
    try {
      const result = await resolveSession(app.services.db, token, new Date(), await adminIdleMs(app));
      if (!result.ok) return next(new Error(INFLUX_DEBUG_MESSAGES.authenticationFailed));
      if (result.context.admin.mustChangePassword) return next(new Error(MESSAGES.passwordChangeRequired));
      if ((await twoFactorStatusOfAdmin(app, result.context.admin)).isEnrolmentRequired) {
        return next(new Error(TWO_FACTOR_MESSAGES.enrolmentRequired));
      }
      // Every event of the namespace serves the InfluxDB manager's data, so the handshake asks what its HTTP routes ask.
      if (!hasAnyAdminPermission(result.context.admin, INFLUX_DEBUG_ACCESS)) {
        return next(new Error(INFLUX_DEBUG_MESSAGES.adminPermissionsRequired));
      }
      socket.data = { sessionId: result.context.sessionId, admin: result.context.admin };
      return next();
    } catch (error) {
      app.log.warn({ err: error }, 'influx debug connection: session check failed');
      return next(new Error(serviceUnavailable('PostgreSQL')));
    }
  });
  return nsp;
}
