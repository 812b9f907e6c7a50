import { GUILD_MESSAGES, guildDataApi } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import type { Requester } from '../../core/audit';
import { adminActor } from '../../core/audit';
import { attachmentHeader } from '../../http/attachment';
import { contractRoute } from '../../http/contract-route';
import { GUILD_MANAGEMENT_ACCESS } from '../guilds/access';
import { readCombatLogs } from './combat-logs';
import { deleteGuildData } from './delete-guild-data';
import { exportGuildZip } from './export-guild-zip';
import { readAnalytics } from './read-analytics';
import { readCharacters } from './read-characters';
import { readDiscordMembers } from './read-discord-members';
import { readRaidEvents } from './read-raid-events';
import { findGuildOr404, readGuildSummary } from './read-summary';

const TAG = 'Guild data';

const requesterOf = (request: FastifyRequest): Requester => ({
  actor: adminActor(adminSessionOf(request).admin),
  ip: request.ip,
});

/** One guild's data view, exports and data deletion: whoever may open Guild Management. */
export const guildDataRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, GUILD_MANAGEMENT_ACCESS);
  const { db, redis, influx } = app.services;

  app.route({
    ...contractRoute(guildDataApi.summary, TAG),
    handler: async (request) => ({ success: true as const, ...(await readGuildSummary({ db, redis }, request.params.id)) }),
  });

  app.route({
    ...contractRoute(guildDataApi.raidEvents, TAG),
    handler: async (request) => ({ success: true as const, ...(await readRaidEvents(db, request.params.id, request.query)) }),
  });

  app.route({
    ...contractRoute(guildDataApi.characters, TAG),
    handler: async (request) => ({ success: true as const, ...(await readCharacters(db, request.params.id, request.query)) }),
  });

  app.route({
    ...contractRoute(guildDataApi.combatLogs, TAG),
    handler: async (request) => {
      await findGuildOr404(db, request.params.id);
      return { success: true as const, ...(await readCombatLogs(influx, request.params.id)) };
    },
  });

  app.route({
    ...contractRoute(guildDataApi.discordMembers, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await readDiscordMembers(db, request.params.id, request.query)),
    }),
  });

  app.route({
    ...contractRoute(guildDataApi.analytics, TAG),
    handler: async (request) => ({ success: true as const, series: await readAnalytics(db, request.params.id) }),
  });

  app.route({
    ...contractRoute(guildDataApi.exportData, TAG),
    handler: async (request, reply) => {
      const { stream, filename } = await exportGuildZip(
        { db, log: request.log },
        request.params.id,
        request.query.type,
        requesterOf(request),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentHeader(filename))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  app.route({
    ...contractRoute(guildDataApi.deleteData, TAG),
    handler: async (request) => {
      const removed = await deleteGuildData(
        { db, redis, bus: app.bus },
        request.params.id,
        request.body.confirmation,
        requesterOf(request),
      );
      return { success: true as const, message: GUILD_MESSAGES.dataDeleted, removed };
    },
  });
};
