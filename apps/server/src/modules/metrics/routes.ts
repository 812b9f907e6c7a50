import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Metrics routes (issue 14): /api/admin/metrics/*. */
export const metricsRoutes: FastifyPluginAsyncZod = async (_app) => {
  // scaffold: to be built
};
