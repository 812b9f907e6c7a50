import {
  type DebugHealthResponse,
  type DebugQueryRequest,
  type DebugQueryResponse,
  type DebugStatisticsResponse,
  type DebugStreamRequest,
  INFLUX_DEBUG_MESSAGES,
  type InfluxPoint,
  influxPointOf,
} from '@guildhall/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createInfluxDebugSocket, type InfluxDebugSocket } from './debug-socket';
import { afterConnectError, type DebugConnection, withStreamRows } from './debug-state';

/** The live stream as the screen shows it: off, asked for, or running with its rows (newest first, at most 1000). */
export interface DebugStream {
  state: 'stopped' | 'starting' | 'streaming';
  streamId: string | null;
  rows: InfluxPoint[];
  error: string | null;
}

const STOPPED: DebugStream = { state: 'stopped', streamId: null, rows: [], error: null };

/**
 * The /influx-debug connection of one page: connects on mount (the session cookie authenticates it), asks for
 * health, measurements and statistics on every connect, and holds what the server answered. Leaving the page
 * disconnects, which stops the socket's stream on the server.
 */
export function useInfluxDebug() {
  const socketRef = useRef<InfluxDebugSocket | null>(null);
  const [connection, setConnection] = useState<DebugConnection>('connecting');
  const [connectionError, setConnectionError] = useState<string | null>(null);
  const [health, setHealth] = useState<DebugHealthResponse | null>(null);
  const [measurements, setMeasurements] = useState<{ names: string[]; error: string | null }>({ names: [], error: null });
  const [statistics, setStatistics] = useState<DebugStatisticsResponse | null>(null);
  const [query, setQuery] = useState<{ pendingId: string | null; response: DebugQueryResponse | null }>({
    pendingId: null,
    response: null,
  });
  const [stream, setStream] = useState<DebugStream>(STOPPED);

  useEffect(() => {
    const socket = createInfluxDebugSocket();
    socketRef.current = socket;
    socket.on('connect', () => {
      setConnection('connected');
      setConnectionError(null);
      socket.emit('debug:health-check');
      socket.emit('debug:get-measurements');
      socket.emit('debug:get-statistics');
    });
    socket.on('disconnect', () => {
      setConnection(socket.active ? 'connecting' : 'disconnected');
      // The server stops a socket's stream when it goes; the screen says so by clearing it.
      setStream(STOPPED);
    });
    socket.on('connect_error', (error) => {
      // socket.active is false once the server refused the handshake: no retry follows.
      const next = afterConnectError(error.message, socket.active);
      setConnection(next.connection);
      setConnectionError(next.error);
    });
    socket.io.on('reconnect_failed', () => {
      setConnection('error');
      setConnectionError(INFLUX_DEBUG_MESSAGES.connectFailed);
    });
    socket.on('debug:health-response', setHealth);
    socket.on('measurements-response', (answer) =>
      setMeasurements({
        names: answer.success ? answer.measurements : [],
        error: answer.success ? null : (answer.error ?? null),
      }),
    );
    socket.on('statistics-response', setStatistics);
    socket.on('query-response', (answer) =>
      setQuery((current) => (current.pendingId === answer.queryId ? { pendingId: null, response: answer } : current)),
    );
    socket.on('stream-started', ({ streamId }) =>
      setStream((current) => (current.state === 'stopped' ? current : { ...current, state: 'streaming', streamId })),
    );
    socket.on('stream-data', ({ streamId, data }) =>
      setStream((current) =>
        current.state === 'stopped' || (current.streamId !== null && current.streamId !== streamId)
          ? current
          : { ...current, rows: withStreamRows(current.rows, data.map(influxPointOf)) },
      ),
    );
    socket.on('stream-stopped', () => setStream(STOPPED));
    socket.on('stream-error', ({ streamId, error }) =>
      // A refused start ends the stream; a failed tick is shown while the stream runs on.
      setStream((current) => (streamId === null ? { ...STOPPED, error } : { ...current, error })),
    );
    socket.connect();
    return () => {
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
    };
  }, []);

  const refreshHealth = useCallback(() => socketRef.current?.emit('debug:health-check'), []);
  const refreshStatistics = useCallback(() => {
    socketRef.current?.emit('debug:get-statistics');
    socketRef.current?.emit('debug:get-measurements');
  }, []);
  const runQuery = useCallback((request: Omit<DebugQueryRequest, 'queryId'>) => {
    const queryId = crypto.randomUUID();
    setQuery((current) => ({ ...current, pendingId: queryId }));
    socketRef.current?.emit('debug:query', { ...request, queryId });
  }, []);
  const startStream = useCallback((request: DebugStreamRequest) => {
    setStream({ ...STOPPED, state: 'starting' });
    socketRef.current?.emit('debug:start-stream', request);
  }, []);
  const stopStream = useCallback(() => {
    setStream(STOPPED);
    socketRef.current?.emit('debug:stop-stream');
  }, []);

  return {
    connection,
    connectionError,
    health,
    measurements,
    statistics,
    query,
    stream,
    refreshHealth,
    refreshStatistics,
    runQuery,
    startStream,
    stopStream,
  };
}

/** What the debug page's tabs are given. */
export type InfluxDebug = ReturnType<typeof useInfluxDebug>;
