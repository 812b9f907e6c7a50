import {
  type AckResult,
  ADMIN_TOPICS,
  type AdminTopic,
  ALERT_MESSAGES,
  adminCommand,
  HEARTBEAT_MS,
  hasAdminPermission,
  hasAnyAdminPermission,
  LIVE_BUFFERS,
  MESSAGES,
  memberSyncRoom,
  memberSyncSubscription,
  metricsHistoryQuery,
  type Permission,
} from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { presentAdmin } from '../modules/admin-auth/presenters';
import { CHARACTER_DISCOVERY_ACCESS } from '../modules/character-linking/access';
import { readHistory } from '../modules/metrics/read-history';
import { MONITORING_READ } from '../modules/monitoring/access';
import { PLAYER_ACCOUNTS_READ } from '../modules/player-accounts/access';
import {
  ADMINS_ROOM,
  type AdminNamespace,
  type AdminSocket,
  FULL_ACCESS_ROOM,
  sessionRoom,
  USER_ADMINS_ROOM,
} from './admin-namespace';
import { watchSession } from './session-watch';

type Ack = ((result: AckResult) => void) | undefined;

/** Topics that carry data only some admins may read: the accounts topic is for those who may read player accounts. */
const TOPIC_ACCESS: Partial<Record<AdminTopic, readonly Permission[]>> = { accounts: PLAYER_ACCOUNTS_READ };

/** Acks when the client asked for one; a client that did not pass a callback just gets nothing. */
function reply(ack: Ack, result: AckResult) {
  if (typeof ack === 'function') ack(result);
}

/** Runs an async event handler so that a failure is logged instead of becoming an unhandled rejection. */
function safely<A extends unknown[]>(app: FastifyInstance, handler: (...args: A) => Promise<unknown>) {
  return (...args: A) => {
    handler(...args).catch((error) => app.log.error({ err: error }, 'live connection handler failed'));
  };
}

/** Handles one signed-in admin's live connection: topics, requests, commands and the session watch. */
function onConnection(app: FastifyInstance, socket: AdminSocket) {
  const { monitoring } = app;
  const { sessionId, admin } = socket.data;
  socket.join([ADMINS_ROOM, sessionRoom(sessionId)]);
  if (hasAdminPermission(admin, 'admin.manage_users')) socket.join(USER_ADMINS_ROOM);
  if (hasAdminPermission(admin, 'admin.full_access')) socket.join(FULL_ACCESS_ROOM);
  socket.emit('admin:welcome', { admin: presentAdmin(admin), serverTime: new Date().toISOString(), heartbeatMs: HEARTBEAT_MS });

  for (const topic of ADMIN_TOPICS) {
    socket.on(`subscribe:${topic}`, (ack?: Ack) => {
      const required = TOPIC_ACCESS[topic];
      if (required && !hasAnyAdminPermission(admin, required))
        return reply(ack, { success: false, error: MESSAGES.accessDeniedBody });
      socket.join(topic);
      reply(ack, { success: true });
    });
  }

  // A guild's member syncs are for those who may open Character Discovery, as its HTTP calls are.
  socket.on('subscribe:member-sync', (payload: unknown, ack?: Ack) => {
    const parsed = memberSyncSubscription.safeParse(payload);
    if (!parsed.success) return reply(ack, { success: false, error: 'guildId must be a guild id' });
    if (!hasAnyAdminPermission(admin, CHARACTER_DISCOVERY_ACCESS))
      return reply(ack, { success: false, error: MESSAGES.accessDeniedBody });
    socket.join(memberSyncRoom(parsed.data.guildId));
    return reply(ack, { success: true });
  });
  socket.on('unsubscribe:member-sync', (payload: unknown, ack?: Ack) => {
    const parsed = memberSyncSubscription.safeParse(payload);
    if (parsed.success) socket.leave(memberSyncRoom(parsed.data.guildId));
    reply(ack, { success: parsed.success });
  });

  socket.on('heartbeat', () => socket.emit('heartbeat:ack', { serverTime: new Date().toISOString() }));
  socket.on('request:current-metrics', () => socket.emit('metrics:current', monitoring.snapshot()));
  // No query: the dashboard's recent snapshots. A query: the HTTP history, answered through the acknowledgement.
  socket.on(
    'request:metrics-history',
    safely(app, async (query?: unknown, ack?: unknown) => {
      if (query === undefined || typeof query === 'function') {
        socket.emit('metrics:history', monitoring.metricsHistory().slice(-LIVE_BUFFERS.metricsHistory));
        return;
      }
      const answer = typeof ack === 'function' ? (ack as (result: unknown) => void) : () => undefined;
      if (!hasAnyAdminPermission(admin, MONITORING_READ)) return answer({ success: false, error: MESSAGES.accessDeniedBody });
      const parsed = metricsHistoryQuery.safeParse(query);
      if (!parsed.success) return answer({ success: false, error: parsed.error.issues[0]?.message ?? 'Invalid history query' });
      answer(
        await readHistory(monitoring.metrics.history, parsed.data).catch((error: Error) => ({
          success: false,
          error: error.message,
        })),
      );
    }),
  );
  socket.on(
    'request:recent-alerts',
    safely(app, async () => socket.emit('alerts:recent', await monitoring.alerts.recent())),
  );
  socket.on(
    'request:service-status',
    safely(app, async () => socket.emit('service:status', await monitoring.health.current())),
  );

  socket.on(
    'admin:command',
    safely(app, async (payload: unknown, ack?: Ack) => {
      const parsed = adminCommand.safeParse(payload);
      if (!parsed.success) return reply(ack, { success: false, error: parsed.error.issues[0]?.message ?? 'Invalid command' });
      const command = parsed.data;
      if (command.command === 'acknowledge-alert') {
        // As POST /api/admin/metrics/alerts/:id/acknowledge: for those who may open the monitoring screens, audited.
        if (!hasAnyAdminPermission(admin, MONITORING_READ))
          return reply(ack, { success: false, error: MESSAGES.accessDeniedBody });
        const by = { actor: { type: 'admin' as const, id: admin.id, name: admin.username }, ip: socket.handshake.address };
        const acknowledged = command.alertId ? await monitoring.alerts.acknowledge(command.alertId, by) : null;
        return reply(ack, acknowledged ? { success: true } : { success: false, error: ALERT_MESSAGES.alertNotFound });
      }
      socket.emit('service:status', await monitoring.health.refresh());
      return reply(ack, { success: true });
    }),
  );

  const stopWatching = watchSession(socket, app);
  socket.on('disconnect', stopWatching);
}

/** Wires the /admin namespace's connection handler. */
export function registerAdminGateway(app: FastifyInstance, nsp: AdminNamespace) {
  app.monitoring.metrics.countSocketsWith(() => nsp.sockets.size);
  nsp.on('connection', (socket) => {
    try {
      onConnection(app, socket);
    } catch (error) {
      app.log.error({ err: error }, 'live connection setup failed');
      socket.disconnect(true);
    }
  });
}
