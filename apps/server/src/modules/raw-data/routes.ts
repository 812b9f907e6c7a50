import { findAdminScreen, RAW_ENTITIES, rawDataApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { adminActor } from '../../core/audit';
import { attachmentHeader } from '../../http/attachment';
import { contractRoute } from '../../http/contract-route';
import { exportRawRows } from './export-rows';
import { readRawPage } from './read-rows';

const TAG = 'Raw data';

/** Raw data views (issue 17): the product's tables across tenants, read-only, keyset paged, exported by stream. */
export const rawDataRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/data')!.anyOf);
  const { db } = app.services;

  app.route({
    ...contractRoute(rawDataApi.entities, TAG),
    handler: async () => ({ success: true as const, entities: RAW_ENTITIES.map((entity) => ({ ...entity })) }),
  });

  app.route({
    ...contractRoute(rawDataApi.list, TAG),
    handler: async (request) => readRawPage(db, request.params.entity, request.query),
  });

  app.route({
    ...contractRoute(rawDataApi.export, TAG),
    handler: async (request, reply) => {
      const file = await exportRawRows(db, request.params.entity, request.query, {
        actor: adminActor(adminSessionOf(request).admin),
        ip: request.ip,
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });
};
