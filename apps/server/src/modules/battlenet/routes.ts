import { BATTLENET_MESSAGES, battlenetApi, PLAYER_ACCOUNT_MESSAGES, playerAccountsApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communityPrincipalOf, requireCommunityUser } from '../../auth/community-user';
import { requireAdmin } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { ACCOUNT_ID_LOOKUP } from '../player-accounts/access';
import { battlenetDepsOf } from './battlenet-deps';
import { disconnect } from './disconnect';
import { findBattlenetAccount } from './find-battlenet-account';
import { finishConnect } from './finish-connect';
import { readConnection } from './read-connection';
import { startConnect } from './start-connect';
import { setBattlenetStateCookie, takeBattlenetStateCookie } from './state-cookie';

const TAG = 'Battle.net';

/**
 * Verified Battle.net connections: a member connects from /settings (OAuth2 code flow, the state bound to the
 * browser by a cookie and stored once), sees or removes the connection; the admin's account form and link dialog
 * look up the verified accounts, as they look up Discord users.
 */
export const battlenetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = battlenetDepsOf(app);
  const { isSecureCookie } = app.config;

  app.route({
    ...contractRoute(battlenetApi.connect, TAG),
    onRequest: requireCommunityUser,
    handler: async (request, reply) => {
      const { authUrl, state } = await startConnect(deps, communityPrincipalOf(request).user.id, request.query.region);
      setBattlenetStateCookie(reply, state, isSecureCookie);
      return { success: true as const, authUrl };
    },
  });

  // No sign-in needed here: the state, bound to this browser and stored with the member's id, says whose it is.
  app.route({
    ...contractRoute(battlenetApi.callback, TAG),
    handler: async (request, reply) => {
      const cookieState = takeBattlenetStateCookie(request, reply, isSecureCookie);
      const { code, state, error } = request.query;
      return reply.redirect(await finishConnect(deps, { code, state, error, cookieState }, request.ip), 302);
    },
  });

  app.route({
    ...contractRoute(battlenetApi.connection, TAG),
    onRequest: requireCommunityUser,
    handler: async (request) => ({
      success: true as const,
      isConfigured: deps.oauth !== null,
      connection: await readConnection(deps.db, communityPrincipalOf(request).user.id),
    }),
  });

  app.route({
    ...contractRoute(battlenetApi.disconnect, TAG),
    onRequest: requireCommunityUser,
    handler: async (request) => {
      await disconnect(deps, communityPrincipalOf(request).user, request.ip);
      return { success: true as const, message: BATTLENET_MESSAGES.disconnected };
    },
  });

  app.route({
    ...contractRoute(playerAccountsApi.battlenetUser, TAG),
    onRequest: requireAdmin(ACCOUNT_ID_LOOKUP),
    handler: async (request) => ({
      success: true as const,
      data: await findBattlenetAccount(deps.db, request.params.id),
      message: PLAYER_ACCOUNT_MESSAGES.battlenetAccountFound,
    }),
  });
};
