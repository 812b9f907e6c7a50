import { GUILD_OPTIONS_ACCESS, guildOptionsApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { listGuildOptions } from './list-guild-options';

/**
 * The one guild picker's list (ui/guild-picker), open to the admins of every screen that picks a guild
 * (Permissions, Character Discovery, Raw Data Views, Analytics), so none of them needs Guild Management.
 */
export const guildOptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  guardAdminRoutes(app, GUILD_OPTIONS_ACCESS);
  app.route({
    ...contractRoute(guildOptionsApi.list, 'Guild options'),
    handler: async (request) => ({ success: true as const, ...(await listGuildOptions(db, request.query)) }),
  });
};
