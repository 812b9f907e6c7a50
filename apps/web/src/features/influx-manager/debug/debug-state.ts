import { INFLUX_DEBUG_MESSAGES, INFLUX_STREAM, type InfluxPoint } from '@guildhall/contract';

/** Where the socket is (spec 2 §4: disconnected, connected, error), and connecting while Socket.IO tries. */
export type DebugConnection = 'connecting' | 'connected' | 'disconnected' | 'error';

/**
 * The state and message after a failed connection attempt. A refusal by the server ends the attempts and carries
 * its words ('Authentication failed', 'Admin permissions required'); a network failure while Socket.IO retries
 * only has transport text ('xhr poll error'), so the screen says 'Failed to connect to debug interface'.
 */
export function afterConnectError(message: string, isRetrying: boolean): { connection: DebugConnection; error: string } {
  if (isRetrying) return { connection: 'connecting', error: INFLUX_DEBUG_MESSAGES.connectFailed };
  return { connection: 'error', error: message || INFLUX_DEBUG_MESSAGES.connectFailed };
}

/** New points first, the buffer bounded: the live table never grows past INFLUX_STREAM.bufferRows. */
export function withStreamRows(current: readonly InfluxPoint[], arrived: readonly InfluxPoint[]): InfluxPoint[] {
  return [...arrived, ...current].slice(0, INFLUX_STREAM.bufferRows);
}
