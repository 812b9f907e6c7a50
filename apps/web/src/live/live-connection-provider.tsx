import {
  ADMIN_TOPICS,
  type AdminCommand,
  type Alert,
  type BulkUpdateJob,
  HEARTBEAT_MS,
  LIVE_BUFFERS,
  MESSAGES,
  type MetricsSnapshot,
  mayEmitAdminEvent,
  RECONNECT,
} from '@guildhall/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { metricsKeys } from '../api/metrics';
import { applyExportProgress } from '../api/ml-exports';
import { monitoringKeys } from '../api/monitoring';
import { playerAccountKeys } from '../api/player-accounts';
import { useAdminSession } from '../auth/admin-session-context';
import { useToast } from '../ui/toast-context';
import { type AdminSocket, createAdminSocket } from './admin-socket';
import { appendBounded, prependBounded } from './bounded';
import {
  type DataSourcesListener,
  dataSourcesWatchers,
  type MemberSyncListener,
  memberSyncWatchers,
} from './guild-room-watchers';
import { type ConnectionState, LiveDataContext, type LiveDataValue, LiveStatusContext } from './live-context';
import { useLiveNotices } from './use-live-notices';

const SUBSCRIBE_EVENTS = ADMIN_TOPICS.map((topic) => `subscribe:${topic}` as const);
const COMMAND_TIMEOUT_MS = 10_000;
const EMPTY_DATA: LiveDataValue = { latestMetrics: null, metricsHistory: [], alerts: [], events: [] };

/**
 * The one /admin socket of the console (spec 1 §4): subscribes to every topic on connect, sends
 * heartbeats, keeps bounded buffers of what it receives and turns events into notices.
 */
export function LiveConnectionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const notices = useLiveNotices();
  const { recheck, admin } = useAdminSession();
  const socketRef = useRef<AdminSocket | null>(null);
  const stateRef = useRef<ConnectionState>('connecting');
  const [connection, setConnection] = useState<{ state: ConnectionState; lastError: string | null }>({
    state: 'connecting',
    lastError: null,
  });
  const [data, setData] = useState<LiveDataValue>(EMPTY_DATA);
  const [syncWatchers] = useState(memberSyncWatchers);
  const [sourcesWatchers] = useState(dataSourcesWatchers);

  const handleConnectionChange = useEffectEvent((state: ConnectionState, lastError: string | null) => {
    if (stateRef.current !== state) notices.onConnectionChange(state, lastError);
    stateRef.current = state;
    setConnection({ state, lastError });
  });
  const handleRefused = useEffectEvent(recheck);
  const handleAlert = useEffectEvent(notices.onAlert);
  const handleAdminEvent = useEffectEvent(notices.onAdminEvent);
  // The server refuses what the admin may not ask (ADMIN_EVENT_ACCESS); the console asks only what it may.
  const mayEmit = useEffectEvent((event: (typeof SUBSCRIBE_EVENTS)[number] | 'request:recent-alerts') =>
    admin ? mayEmitAdminEvent(admin, event) : false,
  );

  useEffect(() => {
    const socket = createAdminSocket();
    socketRef.current = socket;
    syncWatchers.attach(socket);
    sourcesWatchers.attach(socket);
    let heartbeat: number | undefined;
    let retry: number | undefined;

    socket.on('connect', () => {
      handleConnectionChange('connected', null);
      for (const event of SUBSCRIBE_EVENTS) if (mayEmit(event)) socket.emit(event);
      syncWatchers.joinAll();
      sourcesWatchers.joinAll();
      socket.emit('request:current-metrics');
      socket.emit('request:metrics-history');
      if (mayEmit('request:recent-alerts')) socket.emit('request:recent-alerts');
      socket.emit('request:service-status');
      window.clearInterval(heartbeat);
      heartbeat = window.setInterval(() => socket.emit('heartbeat'), HEARTBEAT_MS);
    });
    socket.on('disconnect', () => {
      window.clearInterval(heartbeat);
      // socket.active is false when the server or this client ended it: no reconnect follows.
      handleConnectionChange(socket.active ? 'connecting' : 'offline', null);
    });
    socket.on('connect_error', (error) => {
      if (socket.active) {
        handleConnectionChange('connecting', error.message);
        return;
      }
      // The server refused the handshake (no valid admin session): check the session, which sends
      // an expired one to the login page, and try again later in case the refusal was passing.
      handleConnectionChange('offline', error.message);
      handleRefused();
      window.clearTimeout(retry);
      retry = window.setTimeout(() => socket.connect(), RECONNECT.maxDelayMs);
    });
    socket.io.on('reconnect_failed', () => handleConnectionChange('offline', MESSAGES.notConnected));

    const handleMetrics = (snapshot: MetricsSnapshot) =>
      setData((current) => ({
        ...current,
        latestMetrics: snapshot,
        metricsHistory: appendBounded(current.metricsHistory, snapshot, LIVE_BUFFERS.metricsHistory),
      }));
    socket.on('metrics:update', handleMetrics);
    socket.on('metrics:current', handleMetrics);
    socket.on('metrics:history', (history) =>
      setData((current) => ({
        ...current,
        metricsHistory: history.slice(-LIVE_BUFFERS.metricsHistory),
        latestMetrics: history.at(-1) ?? current.latestMetrics,
      })),
    );

    const handleNewAlert = (alert: Alert) => {
      setData((current) =>
        current.alerts.some((known) => known.id === alert.id)
          ? current
          : { ...current, alerts: prependBounded(current.alerts, alert, LIVE_BUFFERS.alerts) },
      );
      handleAlert(alert);
    };
    socket.on('alerts:new', handleNewAlert);
    socket.on('admin:critical', handleNewAlert);
    socket.on('alerts:recent', (alerts) =>
      setData((current) => ({
        ...current,
        alerts: [...alerts].sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, LIVE_BUFFERS.alerts),
      })),
    );
    socket.on('alerts:acknowledged', ({ id }) =>
      setData((current) => ({
        ...current,
        alerts: current.alerts.map((alert) => (alert.id === id ? { ...alert, acknowledged: true } : alert)),
      })),
    );
    // A rule stopped holding: the monitoring screens' alert list and rules read it again now, not at their next poll.
    socket.on('alerts:resolved', () => {
      void queryClient.invalidateQueries({ queryKey: metricsKeys.alerts() });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.alertRules() });
    });
    socket.on('admin:event', (event) => {
      setData((current) => ({ ...current, events: prependBounded(current.events, event, LIVE_BUFFERS.events) }));
      handleAdminEvent(event);
    });
    socket.on('service:status', (overview) => queryClient.setQueryData(monitoringKeys.healthOverview(), overview));
    // A bulk update's progress goes into its job's cache entry, which the Player Accounts screen reads.
    const handleBulkJob = (job: BulkUpdateJob) =>
      queryClient.setQueryData(playerAccountKeys.bulkJob(job.id), { success: true, data: job });
    socket.on('players:bulk-progress', handleBulkJob);
    socket.on('players:bulk-finished', handleBulkJob);
    // A training dataset export's progress goes into the exports list the Export panel reads.
    socket.on('ml:export-progress', (progress) => applyExportProgress(queryClient, progress));

    socket.connect();
    return () => {
      window.clearInterval(heartbeat);
      window.clearTimeout(retry);
      socket.removeAllListeners();
      socket.io.off('reconnect_failed');
      socket.disconnect();
      syncWatchers.detach();
      sourcesWatchers.detach();
      socketRef.current = null;
    };
  }, [queryClient, syncWatchers, sourcesWatchers]);

  const sendCommand = useCallback(
    async (command: AdminCommand) => {
      const socket = socketRef.current;
      if (!socket?.connected) {
        toast.error(MESSAGES.notConnected);
        throw new Error(MESSAGES.notConnected);
      }
      return socket.timeout(COMMAND_TIMEOUT_MS).emitWithAck('admin:command', command);
    },
    [toast],
  );

  const requestServiceStatus = useCallback(() => {
    socketRef.current?.emit('request:service-status');
  }, []);

  const watchMemberSync = useCallback(
    (guildId: string, listener: MemberSyncListener) => syncWatchers.watch(guildId, listener),
    [syncWatchers],
  );

  const watchDataSources = useCallback(
    (guildId: string, listener: DataSourcesListener) => sourcesWatchers.watch(guildId, listener),
    [sourcesWatchers],
  );

  const status = useMemo(
    () => ({ ...connection, sendCommand, requestServiceStatus, watchMemberSync, watchDataSources }),
    [connection, sendCommand, requestServiceStatus, watchMemberSync, watchDataSources],
  );

  return (
    <LiveStatusContext value={status}>
      <LiveDataContext value={data}>{children}</LiveDataContext>
    </LiveStatusContext>
  );
}
