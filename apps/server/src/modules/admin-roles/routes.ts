import { ADMIN_ROLE_MESSAGES, adminRolesApi, findAdminScreen } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import { changeRole, createRole, listRoles, type RoleRequester, removeRole } from './manage-roles';

const TAG = 'Admin roles';

const requesterOf = (request: FastifyRequest): RoleRequester => {
  const session = adminSessionOf(request);
  return { actor: adminActor(session.admin), holder: session.admin, ip: request.ip };
};

/** The roles API (spec 1 §2 /admin/permissions): whoever may open the Permissions screen. Every change is audited. */
export const adminRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/permissions')!.anyOf);
  const { db } = app.services;

  app.route({
    ...contractRoute(adminRolesApi.list, TAG),
    handler: async (request) => ({ success: true as const, ...(await listRoles(db, adminSessionOf(request).admin)) }),
  });

  app.route({
    ...contractRoute(adminRolesApi.create, TAG),
    handler: async (request) => ({
      success: true as const,
      data: await createRole(db, request.body, requesterOf(request)),
      message: ADMIN_ROLE_MESSAGES.created,
    }),
  });

  app.route({
    ...contractRoute(adminRolesApi.update, TAG),
    handler: async (request) => ({
      success: true as const,
      data: await changeRole(db, request.params.name, request.body, requesterOf(request)),
      message: ADMIN_ROLE_MESSAGES.saved,
    }),
  });

  app.route({
    ...contractRoute(adminRolesApi.remove, TAG),
    handler: async (request) => {
      await removeRole(db, request.params.name, requesterOf(request));
      return { success: true as const, message: ADMIN_ROLE_MESSAGES.deleted };
    },
  });
};
