import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './routes-account';
import { discordRoutes } from './routes-discord';
import { guildChoiceRoutes } from './routes-guilds';
import { signInMethodRoutes } from './routes-sign-in-methods';

/**
 * Every /auth call of spec 1 §7: accounts and tokens, Discord sign-in, guild selection and the bot; and the sign-in
 * methods the server offers.
 */
export const communityAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountRoutes);
  await app.register(discordRoutes);
  await app.register(guildChoiceRoutes);
  await app.register(signInMethodRoutes);
};
