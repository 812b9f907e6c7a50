import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The admin users API (admin.manage_users): built by issue 13. */
export const adminUserRoutes: FastifyPluginAsyncZod = async () => {};
