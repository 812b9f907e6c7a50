import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The roles API (settings.edit_permissions or admin.manage_roles): built by issue 13. */
export const adminRoleRoutes: FastifyPluginAsyncZod = async () => {};
