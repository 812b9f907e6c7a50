import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A member's own guild configuration on /settings (X-Guild-ID): settings.view reads, guild.manage_settings writes. */
export const communityGuildConfigRoutes: FastifyPluginAsyncZod = async () => {};
