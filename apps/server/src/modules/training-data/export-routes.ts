import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { findAdminScreen, mlApi, TRAINING_DATA_MESSAGES, trainingDataApi } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { AppError } from '../../core/app-error';
import { adminActor } from '../../core/audit';
import { attachmentHeader } from '../../http/attachment';
import { contractRoute } from '../../http/contract-route';
import { datasetExportJob, exportDataset } from './dataset-export-job';
import type { ExportRequester } from './export-dataset';
import { exportContentType, listExports, resolveExportFile } from './export-files';

const TAG = 'Training data';

const requesterOf = (request: FastifyRequest): ExportRequester => ({
  actor: adminActor(adminSessionOf(request).admin),
  ip: request.ip,
});

/** Dataset exports (issue 16): jsonl and Hugging Face folders written under the data directory, listed, downloaded. */
export const trainingExportRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/training-data')!.anyOf);
  const kind = datasetExportJob({ db: app.services.db, dir: app.config.mlExports.dir });
  app.jobs.register(kind);
  const deps = { jobs: app.jobs, kind, retentionDays: app.config.mlExports.retentionDays };

  app.route({
    ...contractRoute(trainingDataApi.export, TAG),
    handler: async (request) => {
      const { sampleType, format, ...filters } = request.body;
      return exportDataset(deps, { sampleType, format, filters }, requesterOf(request));
    },
  });

  app.route({
    ...contractRoute(mlApi.exportDataset, TAG),
    handler: async (request) => {
      const { type, format, filters, filename } = request.body;
      if (filters.startDate && filters.endDate && filters.startDate > filters.endDate) {
        throw AppError.invalidField('filters.endDate', TRAINING_DATA_MESSAGES.dateOrder);
      }
      return exportDataset(deps, { sampleType: type, format, filters, filename }, requesterOf(request));
    },
  });

  app.route({
    ...contractRoute(mlApi.exports, TAG),
    handler: async () => ({ success: true as const, exports: await listExports(app.services.db) }),
  });

  app.route({
    ...contractRoute(mlApi.download, TAG),
    handler: async (request, reply) => {
      const file = await resolveExportFile(app.services.db, app.config.mlExports.dir, request.params.id, request.params['*']);
      // Listed but gone from disk (removed by hand): the same 404.
      await access(file.absolute).catch(() => {
        throw AppError.notFound(TRAINING_DATA_MESSAGES.exportNotFound);
      });
      reply
        .header('content-type', exportContentType(file.name))
        .header('content-disposition', attachmentHeader(file.name))
        .header('cache-control', 'no-store');
      if (file.bytes !== undefined) reply.header('content-length', file.bytes);
      return reply.send(createReadStream(file.absolute));
    },
  });
};
