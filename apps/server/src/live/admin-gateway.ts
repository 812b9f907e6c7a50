import {
  type AckResult,
  ADMIN_PUSH_ACCESS,
  ADMIN_TOPICS,
  type AdminClientEvents,
  ALERT_MESSAGES,
  adminCommand,
  adminEventRequires,
  dataSourcesRoom,
  dataSourcesSubscription,
  GUILD_ID_MESSAGES,
  HEARTBEAT_MS,
  hasAnyAdminPermission,
  LIVE_BUFFERS,
  MESSAGES,
  memberSyncRoom,
  memberSyncSubscription,
  metricsHistoryQuery,
} from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { SignedInAdmin } from '../auth/admin-sessions';
import { adminActor } from '../core/audit';
import { unsafePayloadMessage } from '../http/text-hygiene';
import { presentAdmin } from '../modules/admin-auth/presenters';
import { readHistory } from '../modules/metrics/read-history';
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

/**
 * Listens to one client event behind the contract's access table (ADMIN_EVENT_ACCESS) and the text rules HTTP
 * bodies meet (no NUL, no unpaired surrogate, bounded nesting): the one place every /admin event is checked. A
 * refused event runs nothing and sends no data: its acknowledgement (the last argument, when the client passed one)
 * answers why (the HTTP 403's message, or the field's), else an `admin:refused` event says which event and why.
 */
function onEvent(socket: AdminSocket, event: keyof AdminClientEvents, handler: (...args: unknown[]) => void) {
  const listen = socket.on.bind(socket) as (name: string, listener: (...args: unknown[]) => void) => void;
  listen(event, (...args: unknown[]) => {
    const ack = args.at(-1);
    const payload = typeof ack === 'function' ? args.slice(0, -1) : args;
    const refusal = !hasAnyAdminPermission(socket.data.admin, adminEventRequires(event, args[0]))
      ? MESSAGES.accessDeniedBody
      : unsafePayloadMessage(payload.length === 1 ? payload[0] : payload);
    if (!refusal) return handler(...args);
    if (typeof ack === 'function') return (ack as (result: AckResult) => void)({ success: false, error: refusal });
    socket.emit('admin:refused', { event, error: refusal });
  });
}

/**
 * Puts the socket in the push rooms its admin's permissions allow, and takes it out of the rooms (topics, member
 * syncs, pushes) they no longer allow: at connect, and each time the session watch reads the admin again.
 */
function fitRooms(socket: AdminSocket, admin: SignedInAdmin) {
  socket.data.admin = admin;
  const fit = (room: string, isAllowed: boolean) => (isAllowed ? socket.join(room) : socket.leave(room));
  fit(USER_ADMINS_ROOM, hasAnyAdminPermission(admin, ADMIN_PUSH_ACCESS.accountAlerts));
  fit(FULL_ACCESS_ROOM, hasAnyAdminPermission(admin, ADMIN_PUSH_ACCESS.mlExportProgress));
  for (const topic of ADMIN_TOPICS) {
    if (!hasAnyAdminPermission(admin, adminEventRequires(`subscribe:${topic}`))) socket.leave(topic);
  }
  if (!hasAnyAdminPermission(admin, adminEventRequires('subscribe:member-sync'))) {
    for (const room of socket.rooms) if (room.startsWith(memberSyncRoom(''))) socket.leave(room);
  }
  if (!hasAnyAdminPermission(admin, adminEventRequires('subscribe:data-sources'))) {
    for (const room of socket.rooms) if (room.startsWith(dataSourcesRoom(''))) socket.leave(room);
  }
}

/** Handles one signed-in admin's live connection: topics, requests, commands and the session watch. */
function onConnection(app: FastifyInstance, socket: AdminSocket) {
  const { monitoring } = app;
  const { sessionId, admin } = socket.data;
  socket.join([ADMINS_ROOM, sessionRoom(sessionId)]);
  fitRooms(socket, admin);
  socket.emit('admin:welcome', { admin: presentAdmin(admin), serverTime: new Date().toISOString(), heartbeatMs: HEARTBEAT_MS });

  for (const topic of ADMIN_TOPICS) {
    onEvent(socket, `subscribe:${topic}`, (ack?: unknown) => {
      socket.join(topic);
      reply(ack as Ack, { success: true });
    });
  }

  onEvent(socket, 'subscribe:member-sync', (payload: unknown, ack?: unknown) => {
    const parsed = memberSyncSubscription.safeParse(payload);
    if (!parsed.success) return reply(ack as Ack, { success: false, error: GUILD_ID_MESSAGES.tenantId });
    socket.join(memberSyncRoom(parsed.data.guildId));
    return reply(ack as Ack, { success: true });
  });
  onEvent(socket, 'unsubscribe:member-sync', (payload: unknown, ack?: unknown) => {
    const parsed = memberSyncSubscription.safeParse(payload);
    if (parsed.success) socket.leave(memberSyncRoom(parsed.data.guildId));
    reply(ack as Ack, { success: parsed.success });
  });

  onEvent(socket, 'subscribe:data-sources', (payload: unknown, ack?: unknown) => {
    const parsed = dataSourcesSubscription.safeParse(payload);
    if (!parsed.success) return reply(ack as Ack, { success: false, error: GUILD_ID_MESSAGES.tenantId });
    socket.join(dataSourcesRoom(parsed.data.guildId));
    return reply(ack as Ack, { success: true });
  });
  onEvent(socket, 'unsubscribe:data-sources', (payload: unknown, ack?: unknown) => {
    const parsed = dataSourcesSubscription.safeParse(payload);
    if (parsed.success) socket.leave(dataSourcesRoom(parsed.data.guildId));
    reply(ack as Ack, { success: parsed.success });
  });

  onEvent(socket, 'heartbeat', () => socket.emit('heartbeat:ack', { serverTime: new Date().toISOString() }));
  onEvent(socket, 'request:current-metrics', () => socket.emit('metrics:current', monitoring.snapshot()));
  // No query: the dashboard's recent snapshots. A query: the HTTP history, answered through the acknowledgement.
  onEvent(
    socket,
    'request:metrics-history',
    safely(app, async (query?: unknown, ack?: unknown) => {
      if (query === undefined || typeof query === 'function') {
        socket.emit('metrics:history', monitoring.metricsHistory().slice(-LIVE_BUFFERS.metricsHistory));
        return;
      }
      const answer = typeof ack === 'function' ? (ack as (result: unknown) => void) : () => undefined;
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
  onEvent(
    socket,
    'request:recent-alerts',
    safely(app, async () => socket.emit('alerts:recent', await monitoring.alerts.recent())),
  );
  onEvent(
    socket,
    'request:service-status',
    safely(app, async () => socket.emit('service:status', await monitoring.healthOverview())),
  );

  onEvent(
    socket,
    'admin:command',
    safely(app, async (payload: unknown, ackArgument?: unknown) => {
      const ack = ackArgument as Ack;
      const parsed = adminCommand.safeParse(payload);
      if (!parsed.success) return reply(ack, { success: false, error: parsed.error.issues[0]?.message ?? 'Invalid command' });
      const command = parsed.data;
      if (command.command === 'acknowledge-alert') {
        // As POST /api/admin/metrics/alerts/:id/acknowledge: audited.
        const by = { actor: adminActor(admin), ip: socket.handshake.address };
        const acknowledged = command.alertId ? await monitoring.alerts.acknowledge(command.alertId, by) : null;
        return reply(ack, acknowledged ? { success: true } : { success: false, error: ALERT_MESSAGES.alertNotFound });
      }
      socket.emit('service:status', await monitoring.health.refresh());
      return reply(ack, { success: true });
    }),
  );

  const stopWatching = watchSession(socket, app, (current) => fitRooms(socket, current));
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
