import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Alerts, alert rules and service status (issue 14). */
export const alertRoutes: FastifyPluginAsyncZod = async (_app) => {
  // scaffold: to be built
};
