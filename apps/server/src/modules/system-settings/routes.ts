import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** System settings (issue 15; /admin/settings) and the public platform status every page reads. */
export const systemSettingsRoutes: FastifyPluginAsyncZod = async () => {};
