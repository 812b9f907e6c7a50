import { findAdminScreen } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';

/** Raw data views (issue 17): the product's tables across tenants, read-only, keyset paged, exported by stream. */
export const rawDataRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/data')!.anyOf);
};
