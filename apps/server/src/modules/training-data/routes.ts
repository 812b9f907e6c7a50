import { findAdminScreen } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';

/** The training data screens' API and the ML review API (issue 16; spec 2 §7 "Training data", "ML"). */
export const trainingDataRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/training-data')!.anyOf);
};
