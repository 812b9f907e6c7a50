import { accountUnlinked, type Permission, PLAYER_ACCOUNT_MESSAGES, playerAccountsApi } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, requireAdmin } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { adminActor } from '../audit/admin-actor';
import type { Requester } from '../guilds/guild-deps';
import { PLAYER_ACCOUNTS_CREATE, PLAYER_ACCOUNTS_EDIT, PLAYER_ACCOUNTS_LINK, PLAYER_ACCOUNTS_READ } from './access';
import { linkAccount, unlinkAccount } from './link-account';
import { accountStatistics, listAccounts } from './list-accounts';
import { createAccount, updateAccount } from './save-account';

const TAG = 'Player accounts';

const requesterOf = (request: FastifyRequest): Requester => ({ actor: adminActor(adminSessionOf(request)), ip: request.ip });
/** Each route is guarded on its own: reading and each kind of change need different permissions. */
const guarded = (anyOf: readonly Permission[]) => ({ onRequest: requireAdmin(anyOf) });

/** Player account management (spec 2 §7 "Player accounts"). */
export const playerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.db;

  app.route({
    ...contractRoute(playerAccountsApi.list, TAG),
    ...guarded(PLAYER_ACCOUNTS_READ),
    handler: async (request) => ({ success: true as const, ...(await listAccounts(db, request.query)) }),
  });

  app.route({
    ...contractRoute(playerAccountsApi.statistics, TAG),
    ...guarded(PLAYER_ACCOUNTS_READ),
    handler: async () => ({ success: true as const, data: await accountStatistics(db) }),
  });

  app.route({
    ...contractRoute(playerAccountsApi.create, TAG),
    ...guarded(PLAYER_ACCOUNTS_CREATE),
    handler: async (request) => ({
      success: true as const,
      data: await createAccount(db, request.body, requesterOf(request)),
      message: PLAYER_ACCOUNT_MESSAGES.created,
    }),
  });

  app.route({
    ...contractRoute(playerAccountsApi.update, TAG),
    ...guarded(PLAYER_ACCOUNTS_EDIT),
    handler: async (request) => ({
      success: true as const,
      data: await updateAccount(db, request.params.id, request.body, requesterOf(request)),
      message: PLAYER_ACCOUNT_MESSAGES.saved,
    }),
  });

  app.route({
    ...contractRoute(playerAccountsApi.linkDiscord, TAG),
    ...guarded(PLAYER_ACCOUNTS_LINK),
    handler: async (request) => {
      const { discordId, forceLink } = request.body;
      const target = { provider: 'discord' as const, discordId };
      const data = await linkAccount(db, request.params.id, target, forceLink, requesterOf(request));
      return { success: true as const, data, message: PLAYER_ACCOUNT_MESSAGES.discordLinked };
    },
  });

  app.route({
    ...contractRoute(playerAccountsApi.linkBattlenet, TAG),
    ...guarded(PLAYER_ACCOUNTS_LINK),
    handler: async (request) => {
      const { battlenetId, battlenetInfo, forceLink } = request.body;
      const target = { provider: 'battlenet' as const, battlenetId, ...battlenetInfo };
      const data = await linkAccount(db, request.params.id, target, forceLink, requesterOf(request));
      return { success: true as const, data, message: PLAYER_ACCOUNT_MESSAGES.battlenetLinked };
    },
  });

  app.route({
    ...contractRoute(playerAccountsApi.unlink, TAG),
    ...guarded(PLAYER_ACCOUNTS_LINK),
    handler: async (request) => {
      const { id, provider } = request.params;
      const data = await unlinkAccount(db, id, provider, request.body.reason, requesterOf(request));
      return { success: true as const, data, message: accountUnlinked(provider) };
    },
  });
};
