import { findAdminScreen, trainingDataApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { listSamples } from './list-samples';
import { mlRoutes } from './ml-routes';
import { reviewerOf } from './reviewer';
import { trainingStatistics } from './statistics';
import { verifySample } from './verify-sample';

const TAG = 'Training data';

/** The training data screens' API and the ML review API (issue 16; spec 2 §7 "Training data", "ML"). */
export const trainingDataRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/training-data')!.anyOf);
  const db = app.services.db;

  app.route({
    ...contractRoute(trainingDataApi.statistics, TAG),
    handler: async (request) => ({ success: true as const, data: await trainingStatistics(db, request.query) }),
  });

  app.route({
    ...contractRoute(trainingDataApi.memory, TAG),
    handler: async (request) => ({ success: true as const, ...(await listSamples(db, 'memory', request.query)) }),
  });

  app.route({
    ...contractRoute(trainingDataApi.intent, TAG),
    handler: async (request) => ({ success: true as const, ...(await listSamples(db, 'intent', request.query)) }),
  });

  app.route({
    ...contractRoute(trainingDataApi.verifyMemory, TAG),
    handler: async (request) => {
      const verified = await verifySample(db, 'memory', request.params.id, true, reviewerOf(request));
      return { success: true as const, sample: verified.type === 'memory' ? verified.sample : never() };
    },
  });

  app.route({
    ...contractRoute(trainingDataApi.verifyIntent, TAG),
    handler: async (request) => {
      const verified = await verifySample(db, 'intent', request.params.id, true, reviewerOf(request));
      return { success: true as const, sample: verified.type === 'intent' ? verified.sample : never() };
    },
  });

  await app.register(mlRoutes);
};

function never(): never {
  throw new Error('readSample answered with another type than asked');
}
