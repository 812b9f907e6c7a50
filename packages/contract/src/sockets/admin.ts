import { z } from 'zod';
import { findAdminScreen } from '../admin-routes';
import type { adminUser } from '../api/admin-auth';
import { memberSyncResult, SYNC_PHASES } from '../api/character-discovery';
import type { DataSourceProgress, dataSourcesSubscription } from '../api/game-data-sources';
import type { MetricsHistory, MetricsHistoryQuery } from '../api/metrics';
import { type healthOverview, healthVerdictFields } from '../api/monitoring';
import type { BulkUpdateJob } from '../api/player-accounts';
import type { ExportProgress } from '../api/training-data';
import { tenantId } from '../guild-ids';
import { hasAnyAdminPermission, type Permission, type PermissionHolder } from '../permissions';

/** Socket.IO namespace of the live monitoring connection. */
export const ADMIN_NAMESPACE = '/admin';

/** Topics a client may subscribe to with `subscribe:{topic}`. */
export const ADMIN_TOPICS = ['monitoring', 'accounts', 'logs'] as const;
/** A live topic. */
export type AdminTopic = (typeof ADMIN_TOPICS)[number];

/** One pushed metrics sample. */
export const metricsSnapshot = z.object({
  timestamp: z.string(),
  system: z.object({
    cpu: z.object({ usage: z.number() }),
    memory: z.object({ usagePercent: z.number(), used: z.number(), total: z.number() }),
    uptime: z.number(),
  }),
  requestsPerSecond: z.number(),
  errorRate: z.number(),
  database: z.object({ status: z.string() }),
  redis: z.object({ status: z.string() }),
  overall: z.enum(['healthy', 'degraded', 'warning', 'critical']),
  ...healthVerdictFields,
});
/** A metrics sample. */
export type MetricsSnapshot = z.infer<typeof metricsSnapshot>;

/** Alert severities (spec 1 §3). */
export const ALERT_SEVERITIES = ['critical', 'error', 'warning', 'info'] as const;
/** An alert severity. */
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** An alert raised by the server. */
export const alert = z.object({
  id: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  type: z.string(),
  message: z.string(),
  timestamp: z.string(),
  acknowledged: z.boolean(),
});
/** An alert. */
export type Alert = z.infer<typeof alert>;

/** Kinds of `admin:event`. */
export const ADMIN_EVENT_TYPES = ['admin:alert', 'admin:session_warning', 'admin:forced_logout'] as const;

/** An event addressed to admins. */
export const adminEvent = z.object({
  type: z.enum(ADMIN_EVENT_TYPES),
  message: z.string(),
  timestamp: z.string(),
  expiresAt: z.string().optional(),
  /** An admin:alert kept until read: its stored notice, which the bell marks read when dismissed. */
  notificationId: z.string().optional(),
});
/** An admin event. */
export type AdminEvent = z.infer<typeof adminEvent>;

/** The answer to every client request that takes an acknowledgement. */
export const ackResult = z.object({ success: z.boolean(), error: z.string().optional() });
/** An acknowledgement. */
export type AckResult = z.infer<typeof ackResult>;

/** An admin command sent over the socket. */
export const adminCommand = z.object({
  command: z.enum(['acknowledge-alert', 'refresh-services']),
  alertId: z.string().optional(),
});
/** An admin command. */
export type AdminCommand = z.infer<typeof adminCommand>;

/** Room of the clients watching one guild's member syncs (joined with `subscribe:member-sync`). */
export const memberSyncRoom = (tenantId: string) => `member-sync:${tenantId}`;

/** A member sync moved on: after each page fetched, and when the save starts. */
export const syncProgress = z.object({
  guildId: tenantId,
  jobId: z.string(),
  phase: z.enum(SYNC_PHASES),
  fetched: z.number(),
  processed: z.number(),
  total: z.number().nullable().describe('Known once every page is fetched'),
  message: z.string(),
});
/** Member sync progress. */
export type SyncProgress = z.infer<typeof syncProgress>;

/** A member sync finished; message is DISCOVERY_MESSAGES.membersSynced. */
export const syncCompleted = z.object({
  guildId: tenantId,
  jobId: z.string(),
  result: memberSyncResult,
  message: z.string(),
});
/** A finished member sync. */
export type SyncCompleted = z.infer<typeof syncCompleted>;

/** A member sync failed and changed nothing; error says why. */
export const syncFailed = z.object({ guildId: tenantId, jobId: z.string(), error: z.string() });
/** A failed member sync. */
export type SyncFailed = z.infer<typeof syncFailed>;

/** What `subscribe:member-sync` sends: the guild whose syncs to watch. */
export const memberSyncSubscription = z.object({ guildId: tenantId });

/** Events the server sends on /admin. */
export interface AdminServerEvents {
  'admin:welcome': (payload: { admin: z.infer<typeof adminUser>; serverTime: string; heartbeatMs: number }) => void;
  'admin:event': (payload: AdminEvent) => void;
  'admin:critical': (payload: Alert) => void;
  'metrics:update': (payload: MetricsSnapshot) => void;
  'metrics:current': (payload: MetricsSnapshot) => void;
  'metrics:history': (payload: MetricsSnapshot[]) => void;
  'alerts:new': (payload: Alert) => void;
  'alerts:recent': (payload: Alert[]) => void;
  'alerts:acknowledged': (payload: { id: string }) => void;
  /** A stored alert's rule stopped holding (or was disabled). */
  'alerts:resolved': (payload: { id: string; resolvedAt: string }) => void;
  'service:status': (payload: z.infer<typeof healthOverview>) => void;
  'heartbeat:ack': (payload: { serverTime: string }) => void;
  'sync:progress': (payload: SyncProgress) => void;
  'sync:completed': (payload: SyncCompleted) => void;
  'sync:failed': (payload: SyncFailed) => void;
  /** A player-account bulk update moved on (to `subscribe:accounts` subscribers). */
  'players:bulk-progress': (payload: BulkUpdateJob) => void;
  /** A player-account bulk update ended (completed, maybe with failures listed, or failed). */
  'players:bulk-finished': (payload: BulkUpdateJob) => void;
  /** A training dataset export moved on (every few thousand rows) or ended (done). */
  'ml:export-progress': (payload: ExportProgress) => void;
  /** A sync of a guild's sources moved on (to `subscribe:data-sources` subscribers of that guild). */
  'data-sources:progress': (payload: DataSourceProgress) => void;
  /** An event without an acknowledgement was refused (the admin lacks its permission); error says why. */
  'admin:refused': (payload: { event: string; error: string }) => void;
}

/** Events a client sends on /admin; the ones with a callback are acknowledged. */
export interface AdminClientEvents {
  'subscribe:monitoring': (ack?: (result: AckResult) => void) => void;
  'subscribe:accounts': (ack?: (result: AckResult) => void) => void;
  'subscribe:logs': (ack?: (result: AckResult) => void) => void;
  /** Watch one guild's member syncs; refused without access to Character Discovery. */
  'subscribe:member-sync': (payload: z.input<typeof memberSyncSubscription>, ack?: (result: AckResult) => void) => void;
  /** Stop watching that guild's member syncs (the screen switched guilds). */
  'unsubscribe:member-sync': (payload: z.input<typeof memberSyncSubscription>, ack?: (result: AckResult) => void) => void;
  /** Watch one guild's source syncs; refused without Guild Management's permission. */
  'subscribe:data-sources': (payload: z.input<typeof dataSourcesSubscription>, ack?: (result: AckResult) => void) => void;
  /** Stop watching them (the screen closed or switched guilds). */
  'unsubscribe:data-sources': (payload: z.input<typeof dataSourcesSubscription>, ack?: (result: AckResult) => void) => void;
  heartbeat: () => void;
  'request:current-metrics': () => void;
  /**
   * Without a query: the dashboard's recent MetricsSnapshot[] as `metrics:history`. With {type, duration}: the same
   * history as GET /api/admin/metrics/history, answered through the acknowledgement (the dashboard's
   * `metrics:history` keeps its shape).
   */
  'request:metrics-history': (
    query?: MetricsHistoryQuery,
    ack?: (result: MetricsHistory | { success: false; error: string }) => void,
  ) => void;
  'request:recent-alerts': () => void;
  'request:service-status': () => void;
  'admin:command': (command: AdminCommand, ack?: (result: AckResult) => void) => void;
}

/** Who may open a screen, from the screen list the sidebar, the route guards and the HTTP routes read. */
const screenAccess = (path: string): readonly Permission[] => findAdminScreen(path)?.anyOf ?? ['admin.full_access'];

/** Any signed-in admin: the dashboard's own figures, open over HTTP too. */
const ANY_ADMIN: readonly Permission[] = [];
/** The monitoring screens' data: GET /api/admin/metrics/* (alerts, services, history) asks the same. */
const MONITORING_ACCESS = screenAccess('/admin/monitoring/system');

/** What each admin command asks: the same as its HTTP twin. */
export const ADMIN_COMMAND_ACCESS: Readonly<Record<AdminCommand['command'], readonly Permission[]>> = {
  // As POST /api/admin/metrics/alerts/:id/acknowledge.
  'acknowledge-alert': MONITORING_ACCESS,
  // A fresh check of every service, as GET /api/admin/metrics/services answers.
  'refresh-services': MONITORING_ACCESS,
};

/** The permissions one event asks, given its payload: a list, or a rule that reads the payload. */
export type AdminEventAccess = readonly Permission[] | ((payload: unknown) => readonly Permission[]);

/**
 * Who may send each /admin client event (an empty list: any signed-in admin): the permissions of the HTTP routes
 * that serve the same data, read from the same screen list. The gateway checks every event against this one table
 * before it runs; the console sends only what its admin passes.
 */
export const ADMIN_EVENT_ACCESS: Readonly<Record<keyof AdminClientEvents, AdminEventAccess>> = {
  // metrics:update, service:status and the alerts:* pushes: the monitoring screens' data.
  'subscribe:monitoring': MONITORING_ACCESS,
  // Player-account bulk updates: GET /api/admin/players asks the same.
  'subscribe:accounts': screenAccess('/admin/accounts/players'),
  // Live log lines: GET /api/admin/logs/* asks the same.
  'subscribe:logs': screenAccess('/admin/monitoring/logs'),
  // A guild's member syncs: the Character Discovery calls ask the same.
  'subscribe:member-sync': screenAccess('/admin/character-discovery'),
  'unsubscribe:member-sync': ANY_ADMIN,
  // A guild's source syncs: the Sources tab's calls (Guild Management) ask the same.
  'subscribe:data-sources': screenAccess('/admin/guilds'),
  'unsubscribe:data-sources': ANY_ADMIN,
  heartbeat: ANY_ADMIN,
  // The dashboard's snapshot (CPU, memory, request and error rates, service states): GET /api/backend-performance/system.
  'request:current-metrics': ANY_ADMIN,
  // No query: the dashboard's recent snapshots. A query: GET /api/admin/metrics/history's answer.
  'request:metrics-history': (query) => (query === undefined || typeof query === 'function' ? ANY_ADMIN : MONITORING_ACCESS),
  // GET /api/admin/metrics/alerts.
  'request:recent-alerts': MONITORING_ACCESS,
  // The dashboard's service grid: GET /api/monitoring/health-overview.
  'request:service-status': ANY_ADMIN,
  'admin:command': (command) => {
    const name = (command as { command?: unknown } | null)?.command;
    return typeof name === 'string' && name in ADMIN_COMMAND_ACCESS
      ? ADMIN_COMMAND_ACCESS[name as AdminCommand['command']]
      : ANY_ADMIN;
  },
};

/** The permissions an event with this payload asks (any of them passes; none: any signed-in admin). */
export function adminEventRequires(event: keyof AdminClientEvents, payload?: unknown): readonly Permission[] {
  const access = ADMIN_EVENT_ACCESS[event];
  return typeof access === 'function' ? access(payload) : access;
}

/** Whether an admin may send an event with this payload over /admin. */
export function mayEmitAdminEvent(admin: PermissionHolder, event: keyof AdminClientEvents, payload?: unknown): boolean {
  return hasAnyAdminPermission(admin, adminEventRequires(event, payload));
}

/** Who may open /influx-debug: whoever may open the InfluxDB manager, whose HTTP calls ask the same. */
export const INFLUX_DEBUG_ACCESS: readonly Permission[] = screenAccess('/admin/database/influxdb');

/**
 * Who hears the pushes that go to admins by permission rather than by subscription: account security alerts
 * (admin:event of type admin:alert) the Admin Users screen's, training dataset export progress the Training Data
 * screen's. Critical alerts go to every admin on purpose (admin:critical), so that none misses them.
 */
export const ADMIN_PUSH_ACCESS = {
  accountAlerts: screenAccess('/admin/users'),
  mlExportProgress: screenAccess('/admin/training-data'),
} as const satisfies Record<string, readonly Permission[]>;
