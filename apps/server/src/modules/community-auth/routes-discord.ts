import { communityAuthApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setCommunitySessionCookie, setDiscordStateCookie, takeDiscordStateCookie } from '../../auth/community-cookies';
import { communityPrincipalOf, requireCommunityUser } from '../../auth/community-user';
import { contractRoute } from '../../http/contract-route';
import { accountDepsOf } from './account-deps';
import { startDiscordLink } from './discord-link';
import { finishDiscordSignIn, startDiscordSignIn } from './discord-sign-in';

const TAG = 'Community sign-in';

/**
 * Discord sign-in: the authorize URL, and Discord's redirect back (spec 1 §7 Authentication); linking Discord to
 * a signed-in account starts here too and comes back through the same callback.
 */
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
    ...contractRoute(communityAuthApi.discordLink, TAG),
    onRequest: requireCommunityUser,
    handler: async (request, reply) => {
      const { authUrl, state } = await startDiscordLink(deps, communityPrincipalOf(request).user);
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
