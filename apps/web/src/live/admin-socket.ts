import { ADMIN_NAMESPACE, type AdminClientEvents, type AdminServerEvents, RECONNECT } from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';

/** The typed socket of the /admin namespace. */
export type AdminSocket = Socket<AdminServerEvents, AdminClientEvents>;

/**
 * Opens nothing yet: the caller wires its handlers, then connects. The server knows the admin by the
 * session cookie sent with the handshake, so the browser holds no token and no placeholder admin.
 */
export function createAdminSocket(): AdminSocket {
  return io(ADMIN_NAMESPACE, {
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: RECONNECT.attempts,
    reconnectionDelay: RECONNECT.baseDelayMs,
    reconnectionDelayMax: RECONNECT.maxDelayMs,
    timeout: RECONNECT.connectTimeoutMs,
  });
}
