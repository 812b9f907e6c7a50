import { mlApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../http/contract-route';
import { runBulkAction } from './bulk-action';
import { createFeedback, listFeedback } from './feedback';
import { labelSample } from './label-sample';
import { listSamples } from './list-samples';
import { readSample } from './read-sample';
import { reviewQueue } from './review-queue';
import { reviewerOf } from './reviewer';
import { mlAnalytics } from './statistics';
import { verifySample } from './verify-sample';

const TAG = 'ML';

/** The review API (spec 2 §7 "Admin API client → ML"), under the training data plugin's admin guard. */
export const mlRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.db;

  app.route({
    ...contractRoute(mlApi.samples, TAG),
    handler: async (request) => {
      const { type, ...query } = request.query;
      return { success: true as const, type, ...(await listSamples(db, type, query)) };
    },
  });

  app.route({
    ...contractRoute(mlApi.needingVerification, TAG),
    handler: async (request) => {
      const { type, limit, skip } = request.query;
      const queue = await reviewQueue(db, { type, limit, skip: skip ? skip.split(',') : [] });
      return { success: true as const, ...queue };
    },
  });

  app.route({
    ...contractRoute(mlApi.sample, TAG),
    handler: async (request) => {
      const data = await readSample(db, request.query.type, request.params.id);
      const feedback = await listFeedback(db, { sampleId: request.params.id, limit: 200 });
      return { success: true as const, data, feedback };
    },
  });

  app.route({
    ...contractRoute(mlApi.verify, TAG),
    handler: async (request) => {
      const { type, verified } = request.body;
      return { success: true as const, data: await verifySample(db, type, request.params.id, verified, reviewerOf(request)) };
    },
  });

  app.route({
    ...contractRoute(mlApi.label, TAG),
    handler: async (request) => {
      const { type, corrections } = request.body;
      return {
        success: true as const,
        data: await labelSample(db, type, request.params.id, corrections, reviewerOf(request)),
      };
    },
  });

  app.route({
    ...contractRoute(mlApi.bulkAction, TAG),
    handler: async (request) => ({
      success: true as const,
      affected: await runBulkAction(db, request.body, reviewerOf(request)),
    }),
  });

  app.route({
    ...contractRoute(mlApi.analytics, TAG),
    handler: async (request) => {
      const { type, ...range } = request.query;
      return { success: true as const, data: await mlAnalytics(db, type, range) };
    },
  });

  app.route({
    ...contractRoute(mlApi.feedbackList, TAG),
    handler: async (request) => ({ success: true as const, data: await listFeedback(db, request.query) }),
  });

  app.route({
    ...contractRoute(mlApi.feedbackCreate, TAG),
    handler: async (request) => ({
      success: true as const,
      data: await createFeedback(db, request.body, reviewerOf(request)),
    }),
  });
};
