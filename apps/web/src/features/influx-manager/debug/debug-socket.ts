import {
  INFLUX_DEBUG_NAMESPACE,
  type InfluxDebugClientEvents,
  type InfluxDebugServerEvents,
  RECONNECT,
} from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';

/** The typed socket of the /influx-debug namespace. */
export type InfluxDebugSocket = Socket<InfluxDebugServerEvents, InfluxDebugClientEvents>;

/** Opens nothing yet: the caller wires its handlers, then connects. The admin session cookie goes with the handshake. */
export function createInfluxDebugSocket(): InfluxDebugSocket {
  return io(INFLUX_DEBUG_NAMESPACE, {
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
