import { discordAccountsApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { DISCORD_ACCOUNTS_READ } from './access';
import { listBotGuilds } from './list-bot-guilds';
import { listDiscordUsers } from './list-discord-users';
import { readDiscordUser } from './read-discord-user';

const TAG = 'Discord accounts';

/** The Discord accounts screen: the Discord users the platform knows and the bot's guilds (admin.manage_roles). */
export const discordAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.db;
  guardAdminRoutes(app, DISCORD_ACCOUNTS_READ);

  app.route({
    ...contractRoute(discordAccountsApi.users, TAG),
    handler: async (request) => ({ success: true as const, ...(await listDiscordUsers(db, request.query)) }),
  });

  app.route({
    ...contractRoute(discordAccountsApi.user, TAG),
    handler: async (request) => ({ success: true as const, data: await readDiscordUser(db, request.params.id) }),
  });

  app.route({
    ...contractRoute(discordAccountsApi.botGuilds, TAG),
    handler: async (request) => ({ success: true as const, ...(await listBotGuilds(db, request.query)) }),
  });
};
