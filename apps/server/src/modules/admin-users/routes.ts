import { ADMIN_USER_MESSAGES, adminUsersApi, findAdminScreen, TWO_FACTOR_MESSAGES } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdleMs, adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { AppError } from '../../core/app-error';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import { viewerOf } from './admin-user-checks';
import type { AdminRequester } from './admin-user-deps';
import { endAdminSession, listAdminSessions } from './admin-user-sessions';
import { createAdminUser } from './create-admin-user';
import { deleteAdminUser } from './delete-admin-user';
import { selectAdminUser, selectAdminUserPage, selectAdminUserStatistics } from './list-queries';
import { presentAdminUser } from './presenters';
import { resetAdminPassword } from './reset-admin-password';
import { resetAdminTwoFactor } from './reset-admin-two-factor';
import { unlockAdmin } from './unlock-admin';
import { updateAdminUserAccount } from './update-admin-user';

const TAG = 'Admin users';

const requesterOf = (request: FastifyRequest): AdminRequester => {
  const session = adminSessionOf(request);
  return { actor: adminActor(session.admin), holder: session.admin, sessionId: session.sessionId, ip: request.ip };
};

/** The admin users API (spec 2 §7 "Admin API client → Users"): whoever may open the Admin Users screen. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/users')!.anyOf);
  const deps = { db: app.services.db, bus: app.bus, idleMs: () => adminIdleMs(app) };

  app.route({
    ...contractRoute(adminUsersApi.list, TAG),
    handler: async (request) => {
      const { rows, total } = await selectAdminUserPage(deps.db, request.query, await deps.idleMs());
      const { page, limit } = request.query;
      const viewer = viewerOf(requesterOf(request));
      return {
        success: true as const,
        data: rows.map((row) => presentAdminUser(row, viewer)),
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      };
    },
  });

  app.route({
    ...contractRoute(adminUsersApi.statistics, TAG),
    handler: async () => {
      const { totals, byRole } = await selectAdminUserStatistics(deps.db);
      return {
        success: true as const,
        data: {
          total: totals.total,
          active: totals.active,
          disabled: totals.disabled,
          locked: totals.locked,
          signedInLast24h: totals.signed_in_last_24h,
          byRole,
        },
      };
    },
  });

  app.route({
    ...contractRoute(adminUsersApi.get, TAG),
    handler: async (request) => {
      const row = await selectAdminUser(deps.db, request.params.id, await deps.idleMs());
      if (!row) throw AppError.notFound(ADMIN_USER_MESSAGES.notFound);
      return { success: true as const, data: presentAdminUser(row, viewerOf(requesterOf(request))) };
    },
  });

  app.route({
    ...contractRoute(adminUsersApi.create, TAG),
    handler: async (request) => ({
      success: true as const,
      data: await createAdminUser(deps, request.body, requesterOf(request)),
      message: ADMIN_USER_MESSAGES.created,
    }),
  });

  app.route({
    ...contractRoute(adminUsersApi.update, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await updateAdminUserAccount(deps, request.params.id, request.body, requesterOf(request))),
    }),
  });

  app.route({
    ...contractRoute(adminUsersApi.remove, TAG),
    handler: async (request) => ({
      success: true as const,
      message: await deleteAdminUser(deps, request.params.id, request.query.hard, requesterOf(request)),
    }),
  });

  app.route({
    ...contractRoute(adminUsersApi.resetPassword, TAG),
    handler: async (request) => {
      await resetAdminPassword(deps, request.params.id, request.body.newPassword, requesterOf(request));
      return { success: true as const, message: ADMIN_USER_MESSAGES.passwordReset };
    },
  });

  app.route({
    ...contractRoute(adminUsersApi.unlock, TAG),
    handler: async (request) => ({
      success: true as const,
      data: await unlockAdmin(deps, request.params.id, requesterOf(request)),
      message: ADMIN_USER_MESSAGES.unlocked,
    }),
  });

  app.route({
    ...contractRoute(adminUsersApi.resetTwoFactor, TAG),
    handler: async (request) => {
      await resetAdminTwoFactor(deps, request.params.id, requesterOf(request));
      return { success: true as const, message: TWO_FACTOR_MESSAGES.reset };
    },
  });

  app.route({
    ...contractRoute(adminUsersApi.sessions, TAG),
    handler: async (request) => ({
      success: true as const,
      data: await listAdminSessions(deps, request.params.id, requesterOf(request)),
    }),
  });

  app.route({
    ...contractRoute(adminUsersApi.endSession, TAG),
    handler: async (request) => {
      const { id, sessionId } = request.params;
      await endAdminSession(deps, id, sessionId, requesterOf(request));
      return { success: true as const, message: ADMIN_USER_MESSAGES.sessionEnded };
    },
  });
};
