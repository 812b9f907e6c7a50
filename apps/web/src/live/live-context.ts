import type { AckResult, AdminCommand, AdminEvent, Alert, MetricsSnapshot } from '@guildhall/contract';
import { createContext, useContext } from 'react';
import type { DataSourcesListener, MemberSyncListener } from './guild-room-watchers';

/** The live connection as the header shows it: Live, Connecting or Offline. */
export type ConnectionState = 'connected' | 'connecting' | 'offline';

/** The connection and what can be sent over it; changes rarely. */
export interface LiveStatusValue {
  state: ConnectionState;
  /** The server's message of the last refused or failed connection attempt. */
  lastError: string | null;
  /** Sends an admin command; rejects (and toasts) when offline. */
  sendCommand: (command: AdminCommand) => Promise<AckResult>;
  /** Asks the server to push the service status now. */
  requestServiceStatus: () => void;
  /** Hears one guild's member sync events until the returned function is called. */
  watchMemberSync: (guildId: string, listener: MemberSyncListener) => () => void;
  /** Hears one guild's syncs of its sources (the admin's Sources tab) until the returned function is called. */
  watchDataSources: (guildId: string, listener: DataSourcesListener) => () => void;
}

/** What the connection has received, kept in bounded buffers (spec 1 §9); changes with every push. */
export interface LiveDataValue {
  latestMetrics: MetricsSnapshot | null;
  metricsHistory: MetricsSnapshot[];
  /** Newest first. */
  alerts: Alert[];
  /** Newest first. */
  events: AdminEvent[];
}

/** The live status context; null outside the provider. */
export const LiveStatusContext = createContext<LiveStatusValue | null>(null);
/** The live data context; null outside the provider. */
export const LiveDataContext = createContext<LiveDataValue | null>(null);

/** Connection state and commands of the nearest LiveConnectionProvider. */
export function useLiveStatus(): LiveStatusValue {
  const value = useContext(LiveStatusContext);
  if (!value) throw new Error('useLiveStatus needs a LiveConnectionProvider');
  return value;
}

/** Received metrics, alerts and events of the nearest LiveConnectionProvider. */
export function useLiveData(): LiveDataValue {
  const value = useContext(LiveDataContext);
  if (!value) throw new Error('useLiveData needs a LiveConnectionProvider');
  return value;
}
