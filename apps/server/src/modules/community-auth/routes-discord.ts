import { communityAuthApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setCommunitySessionCookie, setDiscordStateCookie, takeDiscordStateCookie } from '../../auth/community-cookies';
import { contractRoute } from '../../http/contract-route';
import { accountDepsOf } from './account-deps';
import { finishDiscordSignIn, startDiscordSignIn } from './discord-sign-in';

const TAG = 'Community sign-in';

/** Discord sign-in: the authorize URL, and Discord's redirect back (spec 1 §7 Authentication). */
export const discordRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountDepsOf(app);
  const { isSecureCookie } = app.config;

  app.route({
    ...contractRoute(communityAuthApi.discord, TAG),
    handler: async (_request, reply) => {
      const { authUrl, state } = await startDiscordSignIn(deps);
      setDiscordStateCookie(reply, state, isSecureCookie);
      return { success: true as const, authUrl };
    },
  });

  app.route({
    ...contractRoute(communityAuthApi.discordCallback, TAG),
    handler: async (request, reply) => {
      const cookieState = takeDiscordStateCookie(request, reply, isSecureCookie);
      const { code, state, error } = request.query;
      const result = await finishDiscordSignIn(
        deps,
        { code, state, error, cookieState },
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      );
      if (result.sessionToken) setCommunitySessionCookie(reply, result.sessionToken, isSecureCookie);
      return reply.redirect(result.redirectTo, 302);
    },
  });
};
