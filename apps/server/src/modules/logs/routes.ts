import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Log routes (issue 14): /api/admin/logs/*. */
export const logRoutes: FastifyPluginAsyncZod = async (_app) => {
  // scaffold: to be built
};
