import { analyticsApi, findAdminScreen } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { readGuildAnalytics } from './read-guild-analytics';
import { readOverview } from './read-overview';

/** Platform and per-guild analytics (issue 17), computed in SQL. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/analytics')!.anyOf);

  app.route({
    ...contractRoute(analyticsApi.overview, 'Analytics'),
    handler: async (request) => readOverview(app.services.db, request.query),
  });

  app.route({
    ...contractRoute(analyticsApi.guild, 'Analytics'),
    handler: async (request) => readGuildAnalytics(app.services.db, request.params.id, request.query),
  });
};
