import { accountUnlinked, type Permission, PLAYER_ACCOUNT_MESSAGES, playerAccountsApi } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, requireAdmin } from '../../auth/require-admin';
import type { Requester } from '../../core/audit';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import {
  ACCOUNT_ID_LOOKUP,
  PLAYER_ACCOUNTS_BULK_EDIT,
  PLAYER_ACCOUNTS_CREATE,
  PLAYER_ACCOUNTS_EDIT,
  PLAYER_ACCOUNTS_LINK,
  PLAYER_ACCOUNTS_READ,
} from './access';
import { bulkUpdateJob } from './bulk-update-job';
import { discordProfileOf, findDiscordUser } from './find-discord-user';
import { linkAccount, unlinkAccount } from './link-account';
import { accountStatistics, listAccounts } from './list-accounts';
import { readAccount } from './read-account';
import { createAccount, updateAccount } from './save-account';
import { type BulkUpdateStartDeps, readBulkJob, startBulkUpdate } from './start-bulk-update';

const TAG = 'Player accounts';

const requesterOf = (request: FastifyRequest): Requester => ({
  actor: adminActor(adminSessionOf(request).admin),
  ip: request.ip,
});
/** Each route is guarded on its own: reading and each kind of change need different permissions. */
const guarded = (anyOf: readonly Permission[]) => ({ onRequest: requireAdmin(anyOf) });

/** Player account management (spec 2 §7 "Player accounts"). */
export const playerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.db;
  const bulk: BulkUpdateStartDeps = { db, jobs: app.jobs, bulkUpdate: bulkUpdateJob({ db, log: app.log }) };
  app.jobs.register(bulk.bulkUpdate);

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
    ...contractRoute(playerAccountsApi.read, TAG),
    ...guarded(PLAYER_ACCOUNTS_READ),
    handler: async (request) => ({ success: true as const, data: await readAccount(db, request.params.id) }),
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
      const profile = await discordProfileOf(app.services.discord, discordId);
      const target = { provider: 'discord' as const, discordId, profile };
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

  app.route({
    ...contractRoute(playerAccountsApi.bulkUpdate, TAG),
    ...guarded(PLAYER_ACCOUNTS_BULK_EDIT),
    handler: async (request, reply) => {
      const started = await startBulkUpdate(bulk, request.body, requesterOf(request));
      return reply.code(202).send({ success: true as const, ...started });
    },
  });

  app.route({
    ...contractRoute(playerAccountsApi.bulkJob, TAG),
    ...guarded(PLAYER_ACCOUNTS_BULK_EDIT),
    handler: async (request) => ({ success: true as const, data: await readBulkJob(bulk, request.params.jobId) }),
  });

  app.route({
    ...contractRoute(playerAccountsApi.discordUser, TAG),
    ...guarded(ACCOUNT_ID_LOOKUP),
    handler: async (request) => ({
      success: true as const,
      data: await findDiscordUser({ db, discord: app.services.discord }, request.params.id),
      message: PLAYER_ACCOUNT_MESSAGES.discordUserFound,
    }),
  });
};
