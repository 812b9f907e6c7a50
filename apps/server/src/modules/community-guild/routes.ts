import { guildScopeApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guildScopeOf, requireGuild } from '../../auth/require-guild';
import { contractRoute } from '../../http/contract-route';
import { countCurrentMembers } from './queries';

const TAG = 'Community guild';

/** Guild-scoped community calls: each runs in the guild of X-Guild-ID, checked on the server. */
export const communityGuildRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(['guild.view']));

  app.route({
    ...contractRoute(guildScopeApi.overview, TAG),
    handler: async (request) => {
      const scope = guildScopeOf(request);
      const memberCount = scope.tenantId ? await countCurrentMembers(app.services.db, scope.tenantId) : 0;
      return {
        success: true as const,
        guild: {
          id: scope.discordGuildId,
          name: scope.name,
          iconUrl: scope.iconUrl,
          tenantId: scope.tenantId,
          memberCount,
        },
        permissions: scope.permissions,
      };
    },
  });
};
