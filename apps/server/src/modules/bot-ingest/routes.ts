import { botIngestApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../http/contract-route';
import { botGuard } from './bot-auth';
import { ingestCharacters } from './ingest-characters';
import { ingestLoot } from './ingest-loot';
import { ingestSamples } from './ingest-samples';
import { ingestTurns } from './ingest-turns';

const TAG = 'Bot ingestion';

/** 500 items with their conversations outgrow Fastify's 1 MB default. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The bot's ingestion API, bearer BOT_API_TOKEN, rate limited per token: agent turns and training samples (issue 16),
 * RCLootCouncil awards and characters it saw (issue 30). The game data is written as the bot, by the system.
 */
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

  app.route({
    ...contractRoute(botIngestApi.loot, TAG),
    bodyLimit: BATCH_BODY_LIMIT,
    config: { checksBodyItemsItself: true },
    handler: async (request) => ingestLoot(db, request.body.loot, { actor: { type: 'system' }, ip: request.ip }),
  });

  app.route({
    ...contractRoute(botIngestApi.characters, TAG),
    bodyLimit: BATCH_BODY_LIMIT,
    config: { checksBodyItemsItself: true },
    handler: async (request) => ingestCharacters(db, request.body.characters, { actor: { type: 'system' }, ip: request.ip }),
  });
};
