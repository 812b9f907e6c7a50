import { findAdminScreen } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';

/** Agent Logs (issue 16): the bot's turns, paged and filtered in SQL, one turn's detail, charts. */
export const aiTurnRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/ai-turns')!.anyOf);
};
