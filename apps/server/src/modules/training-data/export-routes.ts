import { findAdminScreen } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';

/** Dataset exports (issue 16): jsonl and Hugging Face folders written under the data directory, listed, downloaded. */
export const trainingExportRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/training-data')!.anyOf);
};
