import { ALERT_DELIVERY_MESSAGES, alertDeliveryApi, findAdminScreen, MUTE_MESSAGES, type Permission } from '@guildhall/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import { type AlertDeliveryDeps, alertDeliveryDepsOf } from './alert-delivery-deps';
import { alertDeliveryJob } from './delivery-job';
import {
  createContactPoint,
  editContactPoint,
  listContactPoints,
  presentDelivery,
  removeContactPoint,
  testContactPoint,
} from './manage-contact-points';
import { createSilence, createWindow, deleteWindow, endSilence, listSilences, listWindows } from './manage-mutes';
import { selectAlertDeliveries } from './queries';
import { routeAlertEvent } from './route-alerts';
import { ROUTING_COPY_REFRESH_MS, RoutingCopy } from './routing-copy';

const TAG = 'Monitoring';
/** Contact points hold where alerts go and their secrets: configuring the system, as alert rules are. */
const CONTACT_POINTS_EDIT: readonly Permission[] = ['admin.full_access', 'admin.system_config'];

/** Reads the routing copy again; a failure keeps the last copy and is logged. */
const refreshCopy = (app: FastifyInstance, copy: RoutingCopy) =>
  copy.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'the copy of the alert routing could not be read'));

/** This process's copy of the routing: read when the app is ready, then every minute until it closes. */
function keepRoutingCopy(app: FastifyInstance, deps: AlertDeliveryDeps): RoutingCopy {
  const copy = new RoutingCopy(deps);
  const timer = setInterval(() => void refreshCopy(app, copy), ROUTING_COPY_REFRESH_MS);
  timer.unref();
  app.addHook('onReady', () => refreshCopy(app, copy));
  app.addHook('onClose', async () => clearInterval(timer));
  return copy;
}

const editorOf = (request: FastifyRequest) => ({ actor: adminActor(adminSessionOf(request).admin), ip: request.ip });

/**
 * Alert delivery (issue 34): contact points, their test, each alert's deliveries, and the job that sends them. Every
 * alert that goes off or ends in this process is routed to the contact points its severity and rule go to.
 */
export const alertDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = alertDeliveryDepsOf(app);
  const job = alertDeliveryJob(deps);
  app.jobs.register(job);
  const copy = keepRoutingCopy(app, deps);
  const unsubscribe = app.bus.subscribe((event) => {
    routeAlertEvent(deps, job, copy, event).catch((error: unknown) =>
      app.log.error({ err: error, event: event.type }, 'alert deliveries could not be queued'),
    );
  });
  app.addHook('onClose', async () => unsubscribe());
  // A change of where alerts go reaches this process's copy before its answer (other processes' within a minute).
  const refreshAfterChange = (scope: FastifyInstance) =>
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode < 400) await refreshCopy(app, copy);
      return payload;
    });

  const reads: FastifyPluginAsyncZod = async (scope) => {
    guardAdminRoutes(scope, findAdminScreen('/admin/monitoring')!.anyOf);
    scope.route({
      ...contractRoute(alertDeliveryApi.list, TAG),
      handler: async () => ({ success: true as const, contactPoints: await listContactPoints(deps) }),
    });
    scope.route({
      ...contractRoute(alertDeliveryApi.silences, TAG),
      handler: async () => ({ success: true as const, silences: await listSilences(deps) }),
    });
    scope.route({
      ...contractRoute(alertDeliveryApi.maintenanceWindows, TAG),
      handler: async () => ({ success: true as const, windows: await listWindows(deps) }),
    });
    scope.route({
      ...contractRoute(alertDeliveryApi.deliveries, TAG),
      handler: async (request) => ({
        success: true as const,
        deliveries: (await selectAlertDeliveries(deps.db, request.params.id)).map(presentDelivery),
      }),
    });
  };
  const writes: FastifyPluginAsyncZod = async (scope) => {
    guardAdminRoutes(scope, CONTACT_POINTS_EDIT);
    refreshAfterChange(scope);
    scope.route({
      ...contractRoute(alertDeliveryApi.create, TAG),
      handler: async (request) => {
        const { contactPoint, secret } = await createContactPoint(deps, request.body, editorOf(request));
        return { success: true as const, contactPoint, secret, message: ALERT_DELIVERY_MESSAGES.created(contactPoint.name) };
      },
    });
    scope.route({
      ...contractRoute(alertDeliveryApi.update, TAG),
      handler: async (request) => {
        const contactPoint = await editContactPoint(deps, request.params.id, request.body, editorOf(request));
        return { success: true as const, contactPoint, message: ALERT_DELIVERY_MESSAGES.updated(contactPoint.name) };
      },
    });
    scope.route({
      ...contractRoute(alertDeliveryApi.remove, TAG),
      handler: async (request) => {
        const name = await removeContactPoint(deps, request.params.id, editorOf(request));
        return { success: true as const, message: ALERT_DELIVERY_MESSAGES.deleted(name) };
      },
    });
    scope.route({
      ...contractRoute(alertDeliveryApi.test, TAG),
      handler: async (request) => ({
        success: true as const,
        ...(await testContactPoint(deps, request.params.id, editorOf(request))),
      }),
    });
  };
  const mutes: FastifyPluginAsyncZod = async (scope) => {
    guardAdminRoutes(scope, CONTACT_POINTS_EDIT);
    refreshAfterChange(scope);
    scope.route({
      ...contractRoute(alertDeliveryApi.createSilence, TAG),
      handler: async (request) => {
        const silence = await createSilence(deps, request.body, editorOf(request));
        return { success: true as const, silence, message: MUTE_MESSAGES.silencedUntil(silence.endsAt) };
      },
    });
    scope.route({
      ...contractRoute(alertDeliveryApi.endSilence, TAG),
      handler: async (request) => {
        await endSilence(deps, request.params.id, editorOf(request));
        return { success: true as const, message: 'Silence ended' };
      },
    });
    scope.route({
      ...contractRoute(alertDeliveryApi.createMaintenanceWindow, TAG),
      handler: async (request) => {
        const window = await createWindow(deps, request.body, editorOf(request));
        return { success: true as const, window, message: `Maintenance window ${window.name} created` };
      },
    });
    scope.route({
      ...contractRoute(alertDeliveryApi.deleteMaintenanceWindow, TAG),
      handler: async (request) => {
        const name = await deleteWindow(deps, request.params.id, editorOf(request));
        return { success: true as const, message: `Maintenance window ${name} deleted` };
      },
    });
  };
  await app.register(reads);
  await app.register(mutes);
  await app.register(writes);
};
