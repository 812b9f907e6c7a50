import { PROMETHEUS_PATH } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBearerSecret } from '../../auth/bearer-token';
import { AppError } from '../../core/app-error';

/**
 * GET /metrics in Prometheus text format (process, HTTP, database pool, sockets, jobs) from this app's own registry.
 * Off (404) unless METRICS_TOKEN is set, then it asks for `Authorization: Bearer <token>`: a scraper is not an admin
 * with a cookie, so this route stands outside /api/admin and its guard. Wrong tokens are limited per address (429).
 */
export const prometheusRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.metrics.token;
  const { registry } = app.monitoring.metrics.requests;

  app.get(PROMETHEUS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (token === null) throw AppError.notFound();
    await requireBearerSecret(request, token, {
      counter: app.hitCounter,
      scope: 'metrics',
      refuse: () =>
        new AppError('UNAUTHENTICATED', 'A bearer token is required to read the metrics', {
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        }),
    });
    reply.type(registry.contentType);
    return registry.metrics();
  });
};
