import { findAdminScreen } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';

/** The guild configuration API (issue 15; spec 2 §7 Configuration): reading settings.view, writing admin.system_config. */
export const guildConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/configuration')!.anyOf);
};
