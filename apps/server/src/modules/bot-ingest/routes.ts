import { botIngestApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../http/contract-route';
import { botGuard } from './bot-auth';
import { ingestSamples } from './ingest-samples';
import { ingestTurns } from './ingest-turns';

const TAG = 'Bot ingestion';

/** 500 items with their conversations outgrow Fastify's 1 MB default. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

/** The bot's ingestion API (issue 16): agent turns and training samples, bearer BOT_API_TOKEN, rate limited per token. */
export const botIngestRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.db;
  app.addHook('onRequest', botGuard({ ...app.config.bot, counter: app.hitCounter }));

  app.route({
    ...contractRoute(botIngestApi.turns, TAG),
    bodyLimit: BATCH_BODY_LIMIT,
    config: { checksBodyItemsItself: true },
    handler: async (request) => ingestTurns(db, request.body.turns),
  });

  app.route({
    ...contractRoute(botIngestApi.samples, TAG),
    bodyLimit: BATCH_BODY_LIMIT,
    config: { checksBodyItemsItself: true },
    handler: async (request) => ingestSamples(db, request.body.samples),
  });
};
