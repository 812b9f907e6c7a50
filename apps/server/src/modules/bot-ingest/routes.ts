import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The bot's ingestion API (issue 16): agent turns and training samples, bearer BOT_API_TOKEN. */
export const botIngestRoutes: FastifyPluginAsyncZod = async () => {};
