import { INFLUX_DEBUG_NAMESPACE, type InfluxDebugClientEvents, type InfluxDebugServerEvents } from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';
import { ADMIN_SOCKET_OPTIONS } from '../../../live/admin-socket';

/** The typed socket of the /influx-debug namespace. */
export type InfluxDebugSocket = Socket<InfluxDebugServerEvents, InfluxDebugClientEvents>;

/** Opens nothing yet: the caller wires its handlers, then connects. The admin session cookie goes with the handshake. */
export function createInfluxDebugSocket(): InfluxDebugSocket {
  return io(INFLUX_DEBUG_NAMESPACE, ADMIN_SOCKET_OPTIONS);
}
