import { communityAuthApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../http/contract-route';

const TAG = 'Community sign-in';

/**
 * GET /auth/providers: what the signed-out pages may offer, in one public call, so they never learn it from a
 * refusal (a 503 of /auth/discord without Discord settings).
 */
export const signInMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(communityAuthApi.signInMethods, TAG),
    handler: async () => ({
      success: true as const,
      discord: app.community.discord !== null,
      emailSignUp: true,
      requireEmailVerification: (await app.systemSettings.current()).requireEmailVerification,
    }),
  });
};
