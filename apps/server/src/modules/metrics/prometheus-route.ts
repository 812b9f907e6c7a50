import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /metrics in Prometheus text format, off unless METRICS_TOKEN is set. */
export const prometheusRoutes: FastifyPluginAsyncZod = async (_app) => {
  // scaffold: to be built
};
