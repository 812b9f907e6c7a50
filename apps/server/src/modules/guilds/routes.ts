import { GUILD_MESSAGES, guildDataApi, guildsApi } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import type { Requester } from '../../core/audit';
import { adminActor } from '../../core/audit';
import { attachmentHeader } from '../../http/attachment';
import { contractRoute } from '../../http/contract-route';
import { GUILD_MANAGEMENT_ACCESS } from './access';
import { deletedMessage, deleteGuilds } from './delete-guilds';
import { exportGuildList, guildListFilename } from './export-guild-list';
import type { GuildDeps } from './guild-deps';
import { listGuilds } from './list-guilds';
import { createGuild, updateGuild } from './save-guild';
import { setGuildsStatus } from './set-guilds-active';

const TAG = 'Guilds';

const requesterOf = (request: FastifyRequest): Requester => ({
  actor: adminActor(adminSessionOf(request).admin),
  ip: request.ip,
});

/** Guild tenant management (spec 1 §7 Guilds): whoever may open Guild Management. */
export const guildRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, GUILD_MANAGEMENT_ACCESS);
  const deps: GuildDeps = { db: app.services.db, bus: app.bus };

  app.route({
    ...contractRoute(guildsApi.list, TAG),
    handler: async (request) => ({ success: true as const, ...(await listGuilds(deps.db, request.query)) }),
  });

  app.route({
    ...contractRoute(guildsApi.create, TAG),
    handler: async (request) => {
      const { confirmDuplicate, ...fields } = request.body;
      const guild = await createGuild(deps, fields, requesterOf(request), { confirmDuplicate });
      return { success: true as const, guild, message: GUILD_MESSAGES.created };
    },
  });

  app.route({
    ...contractRoute(guildsApi.update, TAG),
    handler: async (request) => {
      const guild = await updateGuild(deps, request.params.id, request.body, requesterOf(request));
      return { success: true as const, guild, message: GUILD_MESSAGES.updated };
    },
  });

  app.route({
    ...contractRoute(guildsApi.remove, TAG),
    handler: async (request) => {
      await deleteGuilds(deps, [request.params.id], requesterOf(request));
      return { success: true as const, message: GUILD_MESSAGES.deleted };
    },
  });

  app.route({
    ...contractRoute(guildsApi.bulkUpdate, TAG),
    handler: async (request) => {
      const { guildIds, action } = request.body;
      return { success: true as const, ...(await setGuildsStatus(deps, guildIds, action, requesterOf(request))) };
    },
  });

  app.route({
    ...contractRoute(guildsApi.bulkDelete, TAG),
    handler: async (request) => {
      const deleted = await deleteGuilds(deps, request.body.guildIds, requesterOf(request));
      return { success: true as const, deleted, message: deletedMessage(deleted) };
    },
  });

  app.route({
    ...contractRoute(guildDataApi.exportList, TAG),
    handler: async (request, reply) => {
      const csv = await exportGuildList(deps.db, request.query, requesterOf(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(guildListFilename()))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
};
