import { ADMIN_NAMESPACE, type AdminClientEvents, type AdminServerEvents, RECONNECT } from '@guildhall/contract';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** The typed socket of the /admin namespace. */
export type AdminSocket = Socket<AdminServerEvents, AdminClientEvents>;

/**
 * How every admin namespace (/admin, /influx-debug) is opened: not connected yet (the caller wires its handlers,
 * then connects), reconnecting by the contract's RECONNECT. The server knows the admin by the session cookie sent
 * with the handshake, so the browser holds no token and no placeholder admin.
 */
export const ADMIN_SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  withCredentials: true,
  autoConnect: false,
  reconnection: true,
  reconnectionAttempts: RECONNECT.attempts,
  reconnectionDelay: RECONNECT.baseDelayMs,
  reconnectionDelayMax: RECONNECT.maxDelayMs,
  timeout: RECONNECT.connectTimeoutMs,
};

/** The /admin namespace's socket, not connected yet. */
export function createAdminSocket(): AdminSocket {
  return io(ADMIN_NAMESPACE, ADMIN_SOCKET_OPTIONS);
}
