import { monitoringApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { countGuilds, countUsers } from './queries';

const TAG = 'Dashboard';

/** The dashboard's calls (spec 1 §7): open to every signed-in admin, as the dashboard is. */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app);
  const { db } = app.services;

  app.route({
    ...contractRoute(monitoringApi.healthOverview, TAG),
    handler: () => app.monitoring.healthOverview(),
  });

  app.route({
    ...contractRoute(monitoringApi.guildStats, TAG),
    handler: async () => ({ success: true as const, ...(await countGuilds(db)) }),
  });

  app.route({
    ...contractRoute(monitoringApi.userStats, TAG),
    handler: async () => ({ success: true as const, ...(await countUsers(db)) }),
  });

  app.route({
    ...contractRoute(monitoringApi.system, TAG),
    handler: async () => ({
      success: true as const,
      ...app.monitoring.systemPerformance(),
    }),
  });
};
