import { guildConfigApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { type CategoryReader, testGuildAi, testGuildMemory } from './ai-tests';
import { readGuildCategoryValues } from './read-category-values';
import { secretBoxOf } from './secret-box';

const TAG = 'Guild configuration';

/** Running a test needs what changing the settings needs: it may send the guild's key to its provider. */
const TESTS = ['admin.system_config'] as const;

/** Only the provider's host goes to the log: a URL may carry credentials, and the key never does. */
const hostOf = (endpointUrl: string) => {
  try {
    return new URL(endpointUrl).host;
  } catch {
    return null;
  }
};

/**
 * Test AI and Test Memory (issue 15): the guild's AI settings against its OpenAI-compatible provider. A test is not a
 * change, so it is logged (without the key), not audited.
 */
export const guildConfigAiRoutes: FastifyPluginAsyncZod = async (app) => {
  const secrets = secretBoxOf(app);
  // Provider calls reach only public addresses, and the hosts the operator allowlists.
  const outbound = { allowedHosts: app.config.outboundAllowedHosts };
  const read: CategoryReader = (guildId, category) => readGuildCategoryValues(app.services.db, secrets, guildId, category);

  app.route({
    ...contractRoute(guildConfigApi.testAi, TAG),
    onRequest: requireAdmin(TESTS),
    handler: async (request) => {
      const { result, settings } = await testGuildAi(read, request.params.id, request.body, outbound);
      request.log.info(
        {
          guildId: request.params.id,
          provider: hostOf(settings.endpointUrl),
          model: settings.model,
          ok: result.ok,
          status: result.ok ? 200 : result.status,
          latencyMs: result.latencyMs,
        },
        'AI settings tested',
      );
      return { success: true as const, result };
    },
  });

  app.route({
    ...contractRoute(guildConfigApi.testMemory, TAG),
    onRequest: requireAdmin(TESTS),
    handler: async (request) => {
      const result = await testGuildMemory(read, request.params.id, request.body?.message, outbound);
      request.log.info(
        {
          guildId: request.params.id,
          model: result.model,
          enabled: result.enabled,
          ok: result.call?.ok ?? null,
          memories: result.memories.length,
          latencyMs: result.call?.latencyMs ?? null,
        },
        'memory extraction tested',
      );
      return { success: true as const, result };
    },
  });
};
