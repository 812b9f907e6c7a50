import { communityGameDataSourcesApi, GAME_DATA_MESSAGES, GUILD_ABILITIES, gameDataSourcesApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { requireGuild } from '../../auth/require-guild';
import { contractRoute } from '../../http/contract-route';
import { GUILD_MANAGEMENT_ACCESS } from '../guilds/access';
import type { DataSourcesDeps } from './data-sources-deps';
import { adminRequester, memberRequester, tenantOf } from './route-callers';
import { clearWowAuditKey, readConnections, saveWowAuditKey } from './source-connections';
import { readSourceSync, startLogsImport, startRaiderIoSync, startWowAuditSync } from './start-source-sync';

const TAG = 'Guild data sources';

/** Raider.IO, WoWAudit and Warcraft Logs (issue 30): admins under Guild Management, officers with characters.manage. */
export const gameDataRoutes =
  (deps: DataSourcesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (admin) => {
      guardAdminRoutes(admin, GUILD_MANAGEMENT_ACCESS);
      const api = gameDataSourcesApi;
      const route = admin.withTypeProvider<ZodTypeProvider>();
      route.route({
        ...contractRoute(api.connections, TAG),
        handler: async (request) => ({
          success: true as const,
          connections: await readConnections(deps, request.params.tenantId),
        }),
      });
      route.route({
        ...contractRoute(api.saveWowAuditKey, TAG),
        handler: async (request) => ({
          success: true as const,
          connections: await saveWowAuditKey(deps, request.params.tenantId, request.body.key, adminRequester(request)),
          message: GAME_DATA_MESSAGES.keySaved,
        }),
      });
      route.route({
        ...contractRoute(api.clearWowAuditKey, TAG),
        handler: async (request) => ({
          success: true as const,
          connections: await clearWowAuditKey(deps, request.params.tenantId, adminRequester(request)),
          message: GAME_DATA_MESSAGES.keyCleared,
        }),
      });
      route.route({
        ...contractRoute(api.startWowAuditSync, TAG),
        handler: async (request) => ({
          success: true as const,
          job: await startWowAuditSync(deps, request.params.tenantId, adminRequester(request)),
          message: GAME_DATA_MESSAGES.syncStarted,
        }),
      });
      route.route({
        ...contractRoute(api.startRaiderIoSync, TAG),
        handler: async (request) => ({
          success: true as const,
          job: await startRaiderIoSync(deps, request.params.tenantId, request.body, adminRequester(request)),
          message: GAME_DATA_MESSAGES.syncStarted,
        }),
      });
      route.route({
        ...contractRoute(api.startLogsImport, TAG),
        handler: async (request) => ({
          success: true as const,
          job: await startLogsImport(deps, request.params.tenantId, request.body, adminRequester(request)),
          message: GAME_DATA_MESSAGES.syncStarted,
        }),
      });
      route.route({
        ...contractRoute(api.sourceSync, TAG),
        handler: async (request) => ({
          success: true as const,
          job: await readSourceSync(deps, request.params.tenantId, request.params.jobId),
        }),
      });
    });

    await app.register(async (community) => {
      const api = communityGameDataSourcesApi;
      const route = community.withTypeProvider<ZodTypeProvider>();
      const onRequest = requireGuild(GUILD_ABILITIES.manageDataSources);
      route.route({
        ...contractRoute(api.connections, TAG),
        onRequest,
        handler: async (request) => ({ success: true as const, connections: await readConnections(deps, tenantOf(request)) }),
      });
      route.route({
        ...contractRoute(api.saveWowAuditKey, TAG),
        onRequest,
        handler: async (request) => ({
          success: true as const,
          connections: await saveWowAuditKey(deps, tenantOf(request), request.body.key, memberRequester(request)),
          message: GAME_DATA_MESSAGES.keySaved,
        }),
      });
      route.route({
        ...contractRoute(api.clearWowAuditKey, TAG),
        onRequest,
        handler: async (request) => ({
          success: true as const,
          connections: await clearWowAuditKey(deps, tenantOf(request), memberRequester(request)),
          message: GAME_DATA_MESSAGES.keyCleared,
        }),
      });
      route.route({
        ...contractRoute(api.startWowAuditSync, TAG),
        onRequest,
        handler: async (request) => ({
          success: true as const,
          job: await startWowAuditSync(deps, tenantOf(request), memberRequester(request)),
          message: GAME_DATA_MESSAGES.syncStarted,
        }),
      });
      route.route({
        ...contractRoute(api.startRaiderIoSync, TAG),
        onRequest,
        handler: async (request) => ({
          success: true as const,
          job: await startRaiderIoSync(deps, tenantOf(request), request.body, memberRequester(request)),
          message: GAME_DATA_MESSAGES.syncStarted,
        }),
      });
      route.route({
        ...contractRoute(api.startLogsImport, TAG),
        onRequest,
        handler: async (request) => ({
          success: true as const,
          job: await startLogsImport(deps, tenantOf(request), request.body, memberRequester(request)),
          message: GAME_DATA_MESSAGES.syncStarted,
        }),
      });
      route.route({
        ...contractRoute(api.sourceSync, TAG),
        onRequest,
        handler: async (request) => ({
          success: true as const,
          job: await readSourceSync(deps, tenantOf(request), request.params.jobId),
        }),
      });
    });
  };
