import { SERVICE_STATES, SERVICES, type ServiceName } from '@guildhall/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkPostgres } from './modules/monitoring/health-checks';

const readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.object({ isMigrated: z.boolean(), status: z.enum(SERVICE_STATES) }),
  services: z.record(z.enum(SERVICES), z.enum(SERVICE_STATES).or(z.literal('unknown'))),
});

/**
 * Process probes for load balancers and orchestrators; no session needed, never cached. A context of their own beside
 * the site's: only the root's hooks (security headers) run on them. They are not counted in the request metrics nor
 * logged: a load balancer's probe every few seconds is not the app's traffic.
 */
const probes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: { summary: 'The process is alive', tags: ['Probes'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    // A constant answer, typed here: written as JSON straight away, without the schema's second pass.
    async (_request, reply) => reply.serializer(JSON.stringify).send({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Ready to serve: migrations applied and the database answers',
        tags: ['Probes'],
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const database = await checkPostgres(app.services.db);
      const overview = app.monitoring.health.cached();
      const services = Object.fromEntries(SERVICES.map((name) => [name, overview?.[name].status ?? 'unknown'])) as Record<
        ServiceName,
        z.infer<typeof readiness>['services'][ServiceName]
      >;
      const isReady = app.isDatabaseReady && database.status !== 'down';
      reply.code(isReady ? 200 : 503);
      return {
        status: isReady ? ('ready' as const) : ('not_ready' as const),
        database: { isMigrated: app.isDatabaseReady, status: database.status },
        services: { ...services, postgresql: database.status },
      };
    },
  );
};

export const probeRoutes = fp(probes, { name: 'probes', encapsulate: true, dependencies: ['services', 'monitoring'] });
