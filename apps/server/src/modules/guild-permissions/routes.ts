import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Guild grants and Discord role mapping (settings.edit_permissions or admin.manage_roles): built by issue 13. */
export const guildGrantRoutes: FastifyPluginAsyncZod = async () => {};
